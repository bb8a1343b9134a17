import type { ViewNode } from '../elements/view';
import type { VoiceStrings } from './strings';
import type { LogLine } from './log';
import { isInCall, type VoiceState } from './state';
import type { VoiceViewOptions } from './options';

/** Addresses the agent may link: https only, without the sentence's closing punctuation. */
const LINK = /https:\/\/[^\s<>"'()]+[^\s<>"'().,;:!?]/g;

/** The agent's words as plain text, its https addresses as links that open apart from the page. */
export function agentText(text: string): ViewNode[] {
  const out: ViewNode[] = [];
  let at = 0;
  for (const match of text.matchAll(LINK)) {
    if (match.index > at) out.push(text.slice(at, match.index));
    out.push(['a', { href: match[0], target: '_blank', rel: 'noopener noreferrer nofollow' }, match[0]]);
    at = match.index + match[0].length;
  }
  if (at < text.length) out.push(text.slice(at));
  return out;
}

function logLine(line: LogLine, t: VoiceStrings): ViewNode {
  if (line.note === 'tool' && line.tool)
    return [
      'p',
      { class: 'caption note tool' },
      (line.tool.ok ? t.toolUsed : t.toolNotDone)({
        tool:
          line.tool.description ??
          (Object.hasOwn(t.builtInTools, line.tool.name) ? t.builtInTools[line.tool.name] : line.tool.name),
      }),
    ];
  if (line.note) return ['p', { class: 'caption note' }, t.callReloaded];
  // An answer still streaming is hidden from screen readers: the log announces it once, complete.
  const streaming = line.via === 'text' && !line.final;
  return [
    'p',
    { class: `caption ${line.role} ${line.via}`, ...(streaming && { 'aria-hidden': 'true' }) },
    ['span', { class: 'speaker' }, `${line.role === 'user' ? t.speakerYou : t.speakerAgent}: `],
    ...(line.role === 'assistant' ? agentText(line.text) : [line.text]),
    ...(line.unfinished ? [['span', { class: 'unfinished' }, ` ${t.unfinished}`] satisfies ViewNode] : []),
  ];
}

/** The conversation's one log: every line, typed and spoken, announced politely as it is settled. */
export function logView(state: VoiceState, options: VoiceViewOptions): ViewNode {
  const { t } = options;
  return [
    'div',
    {
      class: 'captions',
      part: 'captions',
      role: 'log',
      'aria-live': 'polite',
      'aria-label': options.mode === 'voice' ? t.captionsLabel : t.logLabel,
      // It scrolls: reachable by keyboard.
      ...(options.mode !== 'voice' && { tabindex: '0' }),
    },
    ...(state.lines.length ? [] : [['p', { class: 'log-empty' }, t.logEmpty] satisfies ViewNode]),
    ...state.lines.map((line) => logLine(line, t)),
  ];
}

/** The text field, Send and End: Enter sends, Shift+Enter makes a new line. */
export function composerView(state: VoiceState, options: VoiceViewOptions): ViewNode {
  const { t } = options;
  // While an answer arrives Send stays pressable: the words wait for it (`queued`), and the status says so.
  const blocked = isInCall(state.status) && !options.canSend;
  // End is always there, pressable once the visitor has said something and no answer is on its way:
  // a button that came and went would move Send's label beside it. During a call it keeps its place
  // unseen (voice-demo.css): the call's own button is the one that ends it.
  const canEnd = (state.status === 'idle' || state.status === 'error') && state.lines.some((l) => l.role === 'user');
  return [
    'div',
    { class: 'composer', part: 'composer' },
    [
      'textarea',
      {
        class: 'field',
        part: 'field',
        'data-control': 'field',
        // Enter before React arrives presses Send (the renderer's), as React's own handler does after.
        'data-enter': 'send',
        rows: '2',
        'aria-label': t.fieldLabel,
        placeholder: t.fieldPlaceholder,
        enterkeyhint: 'send',
        ...(blocked && { disabled: '' }),
      },
    ],
    [
      'div',
      { class: 'composer-actions' },
      [
        'button',
        {
          type: 'button',
          class: 'send',
          part: 'send-button',
          'data-control': 'send',
          ...(blocked && { 'aria-disabled': 'true' }),
        },
        t.send,
      ],
      [
        'button',
        {
          type: 'button',
          class: 'end',
          part: 'end-button',
          'data-control': 'end',
          ...(!canEnd && { 'aria-disabled': 'true' }),
        },
        t.end,
      ],
    ],
  ];
}

/**
 * `suggestions`: a button for each, under the log, until the visitor's first line. The group is always
 * there (hidden once used), so the controls after it keep their places (React matches them by position).
 */
export function suggestionsView(state: VoiceState, options: VoiceViewOptions): ViewNode[] {
  if (!options.suggestions.length || !options.captions) return [];
  const used = state.lines.some((l) => l.role === 'user');
  const waits =
    state.status === 'connecting' || state.status === 'consent' || (isInCall(state.status) && !options.canSend);
  return [
    [
      'div',
      {
        class: 'suggestions',
        part: 'suggestions',
        role: 'group',
        'aria-label': options.t.suggestionsLabel,
        ...(used && { hidden: '' }),
      },
      ...(used
        ? []
        : options.suggestions.map((words, i): ViewNode => [
            'button',
            {
              type: 'button',
              class: 'suggestion',
              part: 'suggestion',
              'data-control': `suggestion-${i}`,
              ...(waits && { 'aria-disabled': 'true' }),
            },
            words,
          ])),
    ],
  ];
}
