// A web demo's grant: what the voice widget sends to `POST /api/voice/session` before it starts a call or
// a chat, and what it gets back (docs/api.md). One schema: the route checks it, the widget takes its types.
import { Type, type Static } from 'typebox';
import { AGENT_IDS } from './agents.ts';

export const VoiceSessionBody = Type.Object(
  {
    agentId: Type.Optional(Type.Enum(AGENT_IDS)),
    assistantId: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    mode: Type.Union([Type.Literal('voice'), Type.Literal('text')]),
    turnstileToken: Type.Optional(Type.String({ maxLength: 2048 })),
  },
  { additionalProperties: false },
);
export type VoiceSessionBody = Static<typeof VoiceSessionBody>;

export const VoiceSession = Type.Object({
  /** Sent back by the widget as the call's `assistantOverrides.metadata.demoSessionId`: its report is matched by it. */
  sessionId: Type.String(),
  /** A public-scope JWT for the one assistant and the page's origin, or the public key without VAPI_ORG_ID. */
  token: Type.String(),
  expiresInSeconds: Type.Integer({ minimum: 1 }),
  /** The longest the demo may last (DEMO_MAX_SECONDS): the widget passes it as the call's maxDurationSeconds. */
  maxDurationSeconds: Type.Integer({ minimum: 1 }),
});
export type VoiceSession = Static<typeof VoiceSession>;

/**
 * Where the voice widget leaves the tab's latest demo id (`sessionStorage`, never a cookie), so that a call
 * asked for from the same tab afterwards (`<ai-demo-request>`'s `demoSessionId`) names the demo it followed.
 */
export const DEMO_SESSION_STORAGE_KEY = 'ai-voice-demo:demo-session-id';

/** The longest `demoSessionId` a lead may carry (a grant's id is a UUID, 36 characters). */
export const DEMO_SESSION_ID_MAX = 64;
