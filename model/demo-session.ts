// A web demo's constants the widgets share with the service: plain values, so a widget that takes them
// takes no schema library with them (./voice-session.ts holds the schemas and re-exports these).

/**
 * Where the voice widget leaves the tab's latest demo id (`sessionStorage`, never a cookie), so that a call
 * asked for from the same tab afterwards (`<ai-demo-request>`'s `demoSessionId`) names the demo it followed.
 */
export const DEMO_SESSION_STORAGE_KEY = 'ai-voice-demo:demo-session-id';

/** The longest `demoSessionId` a lead may carry (a grant's id is a UUID, 36 characters). */
export const DEMO_SESSION_ID_MAX = 64;

/** The longest transcript the widget sends at a demo's end: as long as a call's (PROVIDER_LIMITS.transcript). */
export const DEMO_TRANSCRIPT_MAX = 20_000;
