/**
 * The voice card's box at rest, the same before its code arrives and after: the button (`--size`),
 * the gap, the status on one line (0.875em at line-height 1.5, 6 px above and below), and with
 * captions the gap and the log's fixed area (`--log-lines`, 8 by default, em of 0.875em text), in the
 * root's font size (`--font-size`). A typed conversation (`mode`) adds the gap and the text field's
 * row (3.25em), and its log is 12 lines by default; `text` has no button. With neither captions nor the
 * field, the card keeps its 14 px gap under the status too. Nothing of the card grows in any state (#34,
 * #42), so this is its size throughout.
 */
const FONT = 'var(--font-size, 16px)';
const REST = `calc(var(--size, 72px) + 40px + 1.3125 * ${FONT})`;
const WITH_CAPTIONS = `calc(var(--size, 72px) + 40px + (1.3125 + 0.875 * var(--log-lines, 8)) * ${FONT})`;
const TEXT = `calc(40px + (4.5625 + 0.875 * var(--log-lines, 12)) * ${FONT})`;
const HYBRID = `calc(var(--size, 72px) + 54px + (4.5625 + 0.875 * var(--log-lines, 12)) * ${FONT})`;
/** The status and the captions' width (22em of 0.875em text), never more than the host is given. */
const WIDTH = 'min(calc(19.25 * var(--font-size, 16px)), 100%)';
/** `captions` is on (the older `captions="off"` and `"false"` are off). */
const CAPTIONS = '[captions]:not([captions="off" i],[captions="false" i])';
const MODE = (mode: string) => `[mode="${mode}" i]`;
const LAUNCHER = '[variant="launcher" i]';
/** \`simulate\`'s note: the gap (14 px less the note's 6 px pulled up) and three lines of 0.75em text at 1.35. */
const SIMULATED = `(8px + 3.0375 * ${FONT})`;
const SIM = '[simulate]:not([simulate="off" i],[simulate="false" i])';
const plus = (height: string) => `calc(${height.replace(/^calc/, '')} + ${SIMULATED})`;

/** In the shadow root: the drawn card is never shorter than the place kept for it. */
export const reserveCss = (): string =>
  `:host{min-height:${REST}}:host(${CAPTIONS}){min-height:${WITH_CAPTIONS}}` +
  `:host(${MODE('text')}){min-height:${TEXT}}:host(${MODE('hybrid')}){min-height:${HYBRID}}` +
  `:host(${SIM}){min-height:${plus(REST)}}:host(${SIM}${CAPTIONS}){min-height:${plus(WITH_CAPTIONS)}}` +
  `:host(${SIM}${MODE('text')}){min-height:${plus(TEXT)}}:host(${SIM}${MODE('hybrid')}){min-height:${plus(HYBRID)}}` +
  // A launcher is fixed at a corner of the window: its place in the page is nothing.
  `:host(${LAUNCHER}){display:block;min-height:0!important;block-size:0;inline-size:0}`;

/**
 * On the page, installed by the script tag's loader (and in `ai-widgets.css`): a bare tag keeps the
 * card's place until it is defined, so the copy below it does not move when the card is drawn. The
 * empty box is aligned by its top: by the baseline (its bottom edge, having no text) its line would
 * be a descent taller than the drawn card's, whose baseline is its own text's.
 */
export const pageReserveCss = (): string =>
  `:where(ai-voice-demo:not(:defined)){display:inline-block;vertical-align:top;inline-size:${WIDTH};min-height:${REST}}` +
  `:where(ai-voice-demo${CAPTIONS}:not(:defined)){min-height:${WITH_CAPTIONS}}` +
  `:where(ai-voice-demo${MODE('text')}:not(:defined)){min-height:${TEXT}}` +
  `:where(ai-voice-demo${MODE('hybrid')}:not(:defined)){min-height:${HYBRID}}` +
  `:where(ai-voice-demo${SIM}:not(:defined)){min-height:${plus(REST)}}` +
  `:where(ai-voice-demo${SIM}${CAPTIONS}:not(:defined)){min-height:${plus(WITH_CAPTIONS)}}` +
  `:where(ai-voice-demo${SIM}${MODE('text')}:not(:defined)){min-height:${plus(TEXT)}}` +
  `:where(ai-voice-demo${SIM}${MODE('hybrid')}:not(:defined)){min-height:${plus(HYBRID)}}` +
  `:where(ai-voice-demo${LAUNCHER}:not(:defined)){display:block;min-height:0;block-size:0;inline-size:0}`;
