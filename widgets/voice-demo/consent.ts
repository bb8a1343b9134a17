/** Consent lasts for the page's session (the tab), per consent text: new wording asks again. */
const key = (text: string) => `ai-voice-demo-consent:${text}`;

/** Whether a press must show the consent step first: the page asks for it and this tab has not given it. */
export function needsConsent(text: string | undefined): boolean {
  return !!text && !hasConsent(text);
}

export function hasConsent(text: string): boolean {
  try {
    return sessionStorage.getItem(key(text)) === '1';
  } catch {
    // Storage can be blocked (sandboxed frames, strict privacy settings): ask every time.
    return false;
  }
}

export function rememberConsent(text: string): void {
  try {
    sessionStorage.setItem(key(text), '1');
  } catch {
    // See hasConsent.
  }
}

/**
 * The consent a press asks for: `consent-text`, unless the card is simulated (`simulate` without a page's own
 * client), which opens no microphone and sends nothing, so there is nothing to consent to.
 */
export const consentOf = (props: { consentText?: string; simulate?: boolean; client?: unknown }) =>
  props.simulate && !props.client ? undefined : props.consentText;
