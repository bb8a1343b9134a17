// `variant="launcher"`: the card, in a panel that opens from a round button fixed at a corner of the
// window. Part of the one view (view.ts), so the server, the first paint and React draw the same.
import { icon } from '../elements/icons';
import type { ViewNode } from '../elements/view';
import type { VoiceViewOptions } from './options';
import { isBusy, type VoiceState } from './state';

export type Placement = 'bottom-right' | 'bottom-left' | 'top-right' | 'top-left';
const PLACEMENTS: Placement[] = ['bottom-right', 'bottom-left', 'top-right', 'top-left'];

/** `placement` as the element reads it: anything else, or nothing, is `bottom-right`. */
export const placementOf = (value: string | undefined): Placement =>
  PLACEMENTS.find((p) => p === value?.trim().toLowerCase()) ?? 'bottom-right';

/** `variant` as the element reads it: `launcher`, else the card. */
export const isLauncher = (variant: string | undefined) => variant?.trim().toLowerCase() === 'launcher';

/** The launcher's accessible name: its words (or `launcher-label`), after `label`, with a call's state. */
export function launcherName(state: VoiceState, options: VoiceViewOptions): string {
  const { t } = options;
  const words = options.launcher?.label || t.launcher;
  const named = options.label ? t.labelled({ label: options.label, action: words }) : words;
  return isBusy(state.status) ? t.launcherInCall({ name: named }) : named;
}

/** The round button and, beside it, the panel that holds `card` (hidden while folded, never unmounted). */
export function launcherView(state: VoiceState, options: VoiceViewOptions, card: ViewNode): ViewNode {
  const { t } = options;
  const open = state.panel === 'open';
  return [
    'div',
    {
      class: 'launcher-frame',
      'data-placement': options.launcher?.placement ?? 'bottom-right',
      'data-panel': state.panel,
      'data-call': String(isBusy(state.status)),
      ...(options.launcher?.invite && { 'data-invite': state.invite }),
    },
    [
      'button',
      {
        type: 'button',
        class: 'launcher',
        part: 'launcher',
        'data-control': 'launcher',
        'aria-label': launcherName(state, options),
        'aria-expanded': String(open),
        'aria-controls': 'launcher-panel',
      },
      ['span', { class: 'launcher-ring', 'aria-hidden': 'true' }],
      open ? icon('close') : icon('chat'),
    ],
    [
      'div',
      {
        id: 'launcher-panel',
        class: 'launcher-panel',
        part: 'panel',
        role: 'dialog',
        'aria-label': t.launcherPanel,
        ...(open ? {} : { hidden: '' }),
      },
      [
        'button',
        {
          type: 'button',
          class: 'launcher-close',
          part: 'close-button',
          'data-control': 'fold',
          'aria-label': t.launcherClose,
        },
        icon('close'),
      ],
      card,
    ],
    // Last, so the panel keeps its place among the children (React matches them by position) as it goes.
    ...invitation(state, options),
  ];
}

/**
 * `invite`: the bubble beside the folded button. Its status node is there from the first paint, empty, so
 * the words are announced politely as they come; gone once the invitation is over for the session.
 */
function invitation(state: VoiceState, options: VoiceViewOptions): ViewNode[] {
  const words = options.launcher?.invite;
  if (!words || state.invite === 'over') return [];
  const shown = state.invite === 'shown';
  return [
    [
      'div',
      { class: 'invite', part: 'invite' },
      ['p', { class: 'invite-text', role: 'status', 'aria-live': 'polite' }, shown ? words : ''],
      ...(shown
        ? [
            [
              'button',
              { type: 'button', class: 'invite-dismiss', part: 'dismiss-button', 'data-control': 'dismiss-invite' },
              options.t.inviteDismiss,
            ] satisfies ViewNode,
          ]
        : []),
    ],
  ];
}
