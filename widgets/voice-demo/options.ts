// What the voice view is drawn with besides the call's state: the mode, the words, what the client can do.
import type { ViewNode } from '../elements/view';
import type { Localized } from '../lib/lang';
import type { VoiceStrings } from './strings';
import { VOICE_STRINGS } from './strings';
import type { VoiceDemoProps } from './contract';
import type { VoiceState } from './state';
import { isLauncher, placementOf, type Placement } from './launcher-view';

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
  /** `suggestions`: the replies offered under the log until the visitor's first line. */
  suggestions: string[];
  /** `variant="launcher"`: the corner it sits at and the words that replace its name (`launcher-label`). */
  launcher?: { placement: Placement; label?: string; invite?: string };
  /**
   * What failed and the ways on, drawn by React only (notices.ts): the first paint never shows a
   * failure, so it does not carry their code.
   */
  notices?: Notices;
}

/** A failed call's or a typed turn's notice, for a state. */
export interface Notices {
  call(state: VoiceState, options: VoiceViewOptions): ViewNode[];
  typed(state: VoiceState, options: VoiceViewOptions): ViewNode[];
}

/** The microphone's failures, each with its own words (the tooltip's, and the way on to typing). */
export const MICROPHONE_ERRORS = {
  'microphone-denied': 'micDenied',
  'microphone-in-use': 'micInUse',
  'microphone-not-found': 'micNotFound',
} as const;

/** `suggestions` as the view takes it: an array's words (or a `|`-separated text's), trimmed, none empty. */
export const suggestionsOf = (value: unknown): string[] =>
  (Array.isArray(value) ? value.map(String) : typeof value === 'string' ? value.split('|') : [])
    .map((item) => item.trim())
    .filter(Boolean);

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
    suggestions: suggestionsOf(props.suggestions),
    ...(isLauncher(props.variant) && {
      launcher: {
        placement: placementOf(props.placement),
        label: props.launcherLabel?.trim(),
        invite: props.invite?.trim() || undefined,
      },
    }),
  };
}
