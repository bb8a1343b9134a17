import { icon } from '../elements/icons';
import type { ViewNode } from '../elements/view';
import type { WidgetSpec } from '../elements/widget-element';
import type { VoiceStrings } from './strings';
import type { VoiceDemoProps, VoiceRenderProps } from './contract';
import { consentOf, needsConsent } from './consent';
import { MICROPHONE_ERRORS, modeOf, viewOptions, type VoiceMode, type VoiceViewOptions } from './options';
import { inviteNow, panelAsFound, panelNow, restored } from './saved';
import { isInCall, pressed, type CallPress, type VoiceState } from './state';
import { composerView, logView, suggestionsView } from './conversation-view';
import { isLauncher, launcherView } from './launcher-view';

function tooltip(state: VoiceState, t: VoiceStrings, mode: VoiceMode): string {
  if (state.queued) return t.queuedStatus;
  if (mode === 'text' && (state.status === 'idle' || state.status === 'error')) return t.textIdle;
  if (state.status === 'error' && state.code === 'demo-not-set-up') return t.notSetUpStatus;
  if (state.status === 'error')
    return state.code && state.code in MICROPHONE_ERRORS
      ? t[MICROPHONE_ERRORS[state.code as keyof typeof MICROPHONE_ERRORS]]
      : t.tooltips.error;
  // While the consent step is open the button still reads as at rest.
  return t.tooltips[state.status === 'consent' ? 'idle' : state.status];
}

function micIcon(state: VoiceState): ViewNode {
  if (state.status === 'connecting')
    return ['span', { class: 'spinner', part: 'spinner', 'data-icon': 'spinner', 'aria-hidden': 'true' }];
  if (state.status === 'listening') return icon('stop', { 'data-icon': 'stop' });
  return icon(
    'mic',
    state.status === 'speaking' ? { 'data-icon': 'mic', class: 'speaking-icon' } : { 'data-icon': 'mic' },
  );
}

function consent(options: VoiceViewOptions): ViewNode {
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
          ] satisfies ViewNode,
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
function panel(state: VoiceState, options: VoiceViewOptions): ViewNode {
  const notice: ViewNode[] =
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
export function voiceView(state: VoiceState, options: VoiceViewOptions): ViewNode {
  const { t } = options;
  const inCall = isInCall(state.status);
  const action = t.buttonLabels[state.status === 'consent' ? 'idle' : state.status];
  const mute: ViewNode[] =
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
  const meter: ViewNode[] = inCall
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
  const controls: ViewNode = [
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
  const card: ViewNode = [
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
          ] satisfies ViewNode,
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
    ...suggestionsView(state, options),
    ...(options.mode === 'voice' ? [] : [composerView(state, options)]),
    // After the captions: placed absolutely, it draws in the same spot wherever it is, and added last it
    // never takes the captions' node for itself (React matches these children by position).
    ...meter,
  ];
  return options.launcher ? launcherView(state, options, card) : card;
}

type Props = VoiceRenderProps;

const ACTIONS: Record<string, (props: Props, state: VoiceState) => CallPress | null> = {
  mic: (props) => ({ type: 'press', needsConsent: needsConsent(consentOf(props)) }),
  accept: () => ({ type: 'accept' }),
  cancel: () => ({ type: 'cancel' }),
  launcher: (_props, state) => ({ type: state.panel === 'open' ? 'fold' : 'open' }),
  fold: () => ({ type: 'fold' }),
  'dismiss-invite': () => ({ type: 'dismiss-invite' }),
};

/** What a press on `control` does in `state`: the same for the first paint and for React. */
export const actionOf = (control: string, props: Props, state: VoiceState) => ACTIONS[control]?.(props, state) ?? null;

/**
 * Where the widget starts: the tab's conversation so far, or a typed conversation's greeting. A launcher's
 * panel is as the page found it for the first paint (its presses count from there) and as it is `now` for
 * React, which so takes over the panel the first paint left, open or folded, without pressing it again.
 */
export function startOf(props: Props, now = false): VoiceState {
  const launcher = isLauncher(props.variant);
  const panel = launcher ? (now ? panelNow() : panelAsFound()) : undefined;
  // The invitation as the tab keeps it (its writer is the launcher control); a panel found open has answered it.
  const invite = launcher && props.invite?.trim() && panel === 'folded' ? inviteNow() : 'over';
  const start = restored(
    props.conversationKey ?? null,
    modeOf(props.mode) === 'voice' ? undefined : props.greeting,
    panel,
    invite,
  );
  // Its seconds ran out on this page (`inviteDue`, from the launcher control): it shows.
  return props.inviteDue ? pressed(start, { type: 'invite' }) : start;
}

/** The state the presses on the shell's controls (in order) lead to. */
export function stateAfter(controls: string[], props: Props) {
  let state = startOf(props);
  for (const control of controls) {
    const action = actionOf(control, props, state);
    if (action) state = pressed(state, action);
  }
  return state;
}

/**
 * `<ai-voice-demo>`'s shell, its first paint before React: the same view at rest, and presses
 * answered at once by the same reducer (the button shows Connecting, or the consent step), while
 * React, the component and the SDK are on their way. React then gets the presses that still matter.
 * What a press sets going (the call) is the element's (`AIVoiceDemoElement`).
 */
export const voiceShell = {
  shell: (props: Props) => voiceView(startOf(props), viewOptions(props, false)),
  onShellPress(controls: string[], props: Props) {
    const state = stateAfter(controls, props);
    const call =
      state.status === 'connecting'
        ? controls.includes('accept')
          ? ['mic', 'accept']
          : ['mic']
        : state.status === 'consent'
          ? ['mic']
          : [];
    // Send and End act on what React keeps (the typed text is handed over first): pressed again there.
    const typed = controls
      .filter((control) => control === 'send' || control === 'end' || control.startsWith('suggestion-'))
      .slice(-1);
    return { shell: voiceView(state, viewOptions(props, false)), replay: [...call, ...typed] };
  },
} satisfies Pick<WidgetSpec<VoiceDemoProps>, 'shell' | 'onShellPress'>;
