import { icon } from '../elements/icons';
import type { ShellNode } from '../elements/shell';
import type { Localized, VoiceStrings } from '../lib/strings';
import { VOICE_STRINGS } from '../lib/strings/voice';
import type { VoiceDemoProps } from './contract';
import { isInCall, type VoiceState } from './state';
import { composerView, logView } from './conversation-view';

/** `voice` (a call), `text` (typing only, never the microphone) or `hybrid` (both, one conversation). */
export type VoiceMode = 'voice' | 'text' | 'hybrid';

/** `mode` as the element reads it: anything else, or nothing, is `voice`. */
export const modeOf = (value: string | undefined): VoiceMode => {
  const mode = value?.trim().toLowerCase();
  return mode === 'text' || mode === 'hybrid' ? mode : 'voice';
};

/** What the view needs beyond the machine's state. */
export interface VoiceViewOptions {
  t: VoiceStrings;
  mode: VoiceMode;
  /** The voice client takes typed words into a call (`send`). */
  canSend: boolean;
  /** After a microphone failure, offer typing instead (an assistant is set). */
  typeInstead: boolean;
  /** Show live captions under the button. */
  captions: boolean;
  /** The text the visitor accepts before the microphone opens (shown in the consent step). */
  consentText: string;
  /** The voice client can mute the microphone. */
  canMute: boolean;
  /** The agent's name in the button's accessible name (`label`). */
  label?: string;
  /** The consent step links the privacy policy here (`privacy-href`). */
  privacyHref?: string;
  /** After a failure, the way on (`fallback-href`). */
  fallbackHref?: string;
  /** `simulate` without a page's own client: the card says so, in every state. */
  simulated?: boolean;
  /**
   * What failed and the ways on, drawn by React only (notices.ts): the first paint never shows a
   * failure, so it does not carry their code.
   */
  notices?: Notices;
}

/** A failed call's or a typed turn's notice, for a state. */
export interface Notices {
  call(state: VoiceState, options: VoiceViewOptions): ShellNode[];
  typed(state: VoiceState, options: VoiceViewOptions): ShellNode[];
}

export const MICROPHONE_ERRORS = {
  'microphone-denied': 'micDenied',
  'microphone-in-use': 'micInUse',
  'microphone-not-found': 'micNotFound',
} as const;

/** The view's options from the element's props, the same for the shell and for React. */
export function viewOptions(
  props: VoiceDemoProps & Localized,
  canMute: boolean,
  canSend = true,
  mode: VoiceMode = modeOf(props.mode),
): VoiceViewOptions {
  return {
    t: VOICE_STRINGS[props.lang ?? 'en'],
    mode,
    canSend,
    typeInstead: !!props.assistantId?.trim(),
    captions: mode !== 'voice' || !!props.captions,
    consentText: props.consentText ?? '',
    canMute,
    label: props.label?.trim(),
    privacyHref: props.privacyHref?.trim(),
    fallbackHref: props.fallbackHref?.trim(),
    simulated: !!props.simulate && !props.client,
  };
}

function tooltip(state: VoiceState, t: VoiceStrings, mode: VoiceMode): string {
  if (mode === 'text' && (state.status === 'idle' || state.status === 'error')) return t.textIdle;
  if (state.status === 'error')
    return state.code && state.code in MICROPHONE_ERRORS
      ? t[MICROPHONE_ERRORS[state.code as keyof typeof MICROPHONE_ERRORS]]
      : t.tooltips.error;
  // While the consent step is open the button still reads as at rest.
  return t.tooltips[state.status === 'consent' ? 'idle' : state.status];
}

function micIcon(state: VoiceState): ShellNode {
  if (state.status === 'connecting')
    return ['span', { class: 'spinner', part: 'spinner', 'data-icon': 'spinner', 'aria-hidden': 'true' }];
  if (state.status === 'listening') return icon('stop', { 'data-icon': 'stop' });
  return icon(
    'mic',
    state.status === 'speaking' ? { 'data-icon': 'mic', class: 'speaking-icon' } : { 'data-icon': 'mic' },
  );
}

function consent(options: VoiceViewOptions): ShellNode {
  const { t } = options;
  return [
    'div',
    { class: 'consent', part: 'consent', role: 'group', 'aria-labelledby': 'consent-title' },
    ['p', { id: 'consent-title', class: 'consent-title' }, t.consentHeading],
    ['p', { class: 'consent-text' }, options.consentText],
    ...(options.privacyHref
      ? [
          [
            'a',
            { class: 'consent-privacy', part: 'privacy-link', href: options.privacyHref },
            t.privacyLink,
          ] satisfies ShellNode,
        ]
      : []),
    [
      'div',
      { class: 'consent-actions' },
      [
        'button',
        { type: 'button', class: 'consent-accept', part: 'accept-button', 'data-control': 'accept' },
        t.consentAccept,
      ],
      [
        'button',
        { type: 'button', class: 'consent-cancel', part: 'cancel-button', 'data-control': 'cancel' },
        t.consentCancel,
      ],
    ],
  ];
}

/**
 * The captions' area (`--log-lines` high), with the consent step or a failure's reason and way on
 * at its top, taking their room from the captions: the card keeps one size in every state, so nothing
 * beside or below it moves, unless the area is too low for the consent step (it then grows rather
 * than hide any of it). The notice's node is always there, so the captions keep theirs.
 */
function panel(state: VoiceState, options: VoiceViewOptions): ShellNode {
  const notice: ShellNode[] =
    state.status === 'consent'
      ? [consent(options)]
      : [
          ...(options.mode === 'text' ? [] : (options.notices?.call(state, options) ?? [])),
          ...(options.notices?.typed(state, options) ?? []),
        ];
  return ['div', { class: 'panel' }, ['div', { class: 'notice' }, ...notice], logView(state, options)];
}

/**
 * The whole voice widget in one state, as data: the element draws it before React has
 * loaded, and `<VoiceDemo>` renders the same description, so the two cannot drift.
 * Controls carry `data-control`, the hand-over marker between the two.
 */
export function voiceView(state: VoiceState, options: VoiceViewOptions): ShellNode {
  const { t } = options;
  const inCall = isInCall(state.status);
  const action = t.buttonLabels[state.status === 'consent' ? 'idle' : state.status];
  const mute: ShellNode[] =
    inCall && options.canMute
      ? [
          [
            'button',
            {
              type: 'button',
              class: 'mute',
              part: 'mute-button',
              'data-control': 'mute',
              'aria-pressed': String(state.muted),
              'aria-label': t.muteLabel,
            },
            icon(state.muted ? 'mic-off' : 'mic'),
          ],
        ]
      : [];
  const meter: ShellNode[] = inCall
    ? [
        [
          'div',
          {
            class: 'meter',
            part: 'meter',
            role: 'meter',
            'aria-label': t.meterLabel,
            'aria-valuemin': '0',
            'aria-valuemax': '1',
            'aria-valuenow': String(Math.round(state.volume * 100) / 100),
          },
          ['span', { class: 'meter-fill', style: `transform:scaleX(${state.volume})` }],
        ],
      ]
    : [];
  const controls: ShellNode = [
    'div',
    { class: 'controls' },
    [
      'button',
      {
        type: 'button',
        class: 'mic',
        part: 'button',
        'data-control': 'mic',
        'aria-label': options.label ? t.labelled({ label: options.label, action }) : action,
        'aria-describedby': state.status === 'error' ? 'status reason' : 'status',
        'aria-pressed': String(inCall),
        ...(state.volume ? { style: `--level:${state.volume}` } : {}),
      },
      ['span', { class: 'ring', 'aria-hidden': 'true' }],
      micIcon(state),
    ],
    ...mute,
  ];
  return [
    'div',
    { class: 'root', part: 'base', 'data-status': state.status, 'data-mode': options.mode },
    ...(options.mode === 'text' ? [] : [controls]),
    [
      'div',
      { id: 'status', class: 'tooltip', part: 'tooltip', role: 'status', 'aria-live': 'polite' },
      tooltip(state, t, options.mode),
    ],
    ...(options.simulated
      ? [
          [
            'p',
            { class: 'simulated', part: 'simulated' },
            ['strong', {}, t.simulated],
            ' ',
            t.simulatedHow,
          ] satisfies ShellNode,
        ]
      : []),
    [
      'span',
      { class: 'visually-hidden', 'aria-live': 'polite' },
      inCall && options.canMute ? (state.muted ? t.mutedAnnouncement : '') : '',
    ],
    ...(options.captions
      ? [panel(state, options)]
      : [...(options.notices?.call(state, options) ?? []), ...(state.status === 'consent' ? [consent(options)] : [])]),
    ...(options.mode === 'voice' ? [] : [composerView(state, options)]),
    // After the captions: placed absolutely, it draws in the same spot wherever it is, and added last it
    // never takes the captions' node for itself (React matches these children by position).
    ...meter,
  ];
}
