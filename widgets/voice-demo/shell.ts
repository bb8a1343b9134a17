import type { LazyWidget } from '../elements/renderer';
import type { VoiceRenderProps } from './contract';
import { needsConsent } from './consent';
import { pressed, type CallPress } from './state';
import { restored } from './saved';
import { modeOf, viewOptions, voiceView } from './view';

type Props = VoiceRenderProps;

const ACTIONS: Record<string, (props: Props) => CallPress | null> = {
  mic: (props) => ({ type: 'press', needsConsent: needsConsent(props.consentText) }),
  accept: () => ({ type: 'accept' }),
  cancel: () => ({ type: 'cancel' }),
};

/** Where the widget starts: the tab's conversation so far, or a typed conversation's greeting. */
export const startOf = (props: Props) =>
  restored(props.conversationKey ?? null, modeOf(props.mode) === 'voice' ? undefined : props.greeting);

/** The state the presses on the shell's controls (in order) lead to. */
export function stateAfter(controls: string[], props: Props) {
  let state = startOf(props);
  for (const control of controls) {
    const action = ACTIONS[control]?.(props);
    if (action) state = pressed(state, action);
  }
  return state;
}

/**
 * `<ai-voice-demo>` before React: the same view at rest, and presses answered at once by the
 * same reducer (the button shows Connecting, or the consent step), while React, the component
 * and the SDK are on their way. React then gets the presses that still matter. What a press sets
 * going (the call) is the element's (`AIVoiceDemoElement`).
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
    const typed = controls.filter((control) => control === 'send' || control === 'end').slice(-1);
    return { shell: voiceView(state, viewOptions(props, false)), replay: [...call, ...typed] };
  },
} satisfies Partial<LazyWidget<Props>>;
