// A web demo's grant: what the voice widget sends to `POST /api/voice/session` before it starts a call or
// a chat, and what it gets back (docs/api.md). One schema: the route checks it, the widget takes its types.
import { Type, type Static } from 'typebox';
import { AGENT_IDS } from './agents.ts';
import { EmbedId } from './embeds.ts';
import { DEMO_SESSION_ID_MAX, DEMO_TRANSCRIPT_MAX } from './demo-session.ts';
import { Line, Lines } from './text.ts';

export const VoiceSessionBody = Type.Object(
  {
    agentId: Type.Optional(Type.Enum(AGENT_IDS)),
    assistantId: Type.Optional(Line({ minLength: 1, maxLength: 200 })),
    mode: Type.Union([Type.Literal('voice'), Type.Literal('text')]),
    turnstileToken: Type.Optional(Line({ maxLength: 2048 })),
    /**
     * The conversation's demo so far: a call or a chat after the first goes on under the same id when it names
     * an unfinished grant for the same assistant from the same client (docs/operations.md); else a new grant.
     */
    demoSessionId: Type.Optional(Line({ minLength: 1, maxLength: DEMO_SESSION_ID_MAX })),
    /** The embed the card is part of (issue 54): its origins and agents decide. */
    embedId: Type.Optional(EmbedId),
  },
  { additionalProperties: false },
);
export type VoiceSessionBody = Static<typeof VoiceSessionBody>;

export const VoiceSession = Type.Object({
  /** Sent back by the widget as the call's `assistantOverrides.metadata.demoSessionId`: its report is matched by it. */
  sessionId: Type.String(),
  /** A call's public-scope JWT for the one assistant and the page's origin; the public key for a chat, or without VAPI_ORG_ID. */
  token: Type.String(),
  expiresInSeconds: Type.Integer({ minimum: 1 }),
  /** The longest the demo may last (DEMO_MAX_SECONDS): the widget passes it as the call's maxDurationSeconds. */
  maxDurationSeconds: Type.Integer({ minimum: 1 }),
});
export type VoiceSession = Static<typeof VoiceSession>;

export { DEMO_SESSION_ID_MAX, DEMO_SESSION_STORAGE_KEY, DEMO_TRANSCRIPT_MAX } from './demo-session.ts';

/**
 * The widget's end of a conversation (`POST /api/voice/session/end`): End pressed, or the tab closing. A claim:
 * only an unfinished grant from the same client is ended, with its length and the conversation as the widget saw it.
 */
export const VoiceSessionEndBody = Type.Object(
  {
    demoSessionId: Line({ minLength: 1, maxLength: DEMO_SESSION_ID_MAX }),
    transcript: Type.Optional(Lines({ maxLength: DEMO_TRANSCRIPT_MAX })),
  },
  { additionalProperties: false },
);
export type VoiceSessionEndBody = Static<typeof VoiceSessionEndBody>;

export const VoiceSessionEnded = Type.Object({
  /** `ended`: this request ended it; `unchanged`: it had ended, or names no unfinished demo of this client. */
  result: Type.Union([Type.Literal('ended'), Type.Literal('unchanged')]),
});
export type VoiceSessionEnded = Static<typeof VoiceSessionEnded>;
