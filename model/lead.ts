// A lead: what the demo form sends (one schema: the route checks it, the service and the widget take
// their types from it) and what the service keeps. The widgets import types only, so none of this
// code reaches a host page.
import { Type, type Static } from 'typebox';
import { AGENT_IDS, type AgentId } from './agents.ts';
import { DEMO_SESSION_ID_MAX } from './demo-session.ts';
import { EmbedId } from './embeds.ts';
import { Line, Name, Phone } from './text.ts';

const text = (maxLength: number) => Line({ maxLength });

/** A host's own field's name (`metadata`): 1 to 40 letters, digits, dots, dashes or underscores. */
export const METADATA_KEY = '^[A-Za-z0-9_.-]{1,40}$';

export const UTM_KEYS = ['source', 'medium', 'campaign', 'term', 'content'] as const;
export const CLICK_ID_KEYS = ['gclid', 'fbclid'] as const;

const Utm = Type.Object(
  {
    source: Type.Optional(text(200)),
    medium: Type.Optional(text(200)),
    campaign: Type.Optional(text(200)),
    term: Type.Optional(text(200)),
    content: Type.Optional(text(200)),
  },
  { additionalProperties: false },
);
const ClickIds = Type.Object(
  { gclid: Type.Optional(text(500)), fbclid: Type.Optional(text(500)) },
  { additionalProperties: false },
);
export type Utm = Static<typeof Utm>;
export type ClickIds = Static<typeof ClickIds>;

/** The body of `POST /api/demo-requests`: the visitor's answers, the consent as shown, and where the visitor came from. */
export const DemoRequestBody = Type.Object(
  {
    agentId: Type.Enum(AGENT_IDS),
    // At most 100 visible characters (server/domain/leads/clean.ts counts them), 400 code points as sent.
    name: Name(100, 400),
    phone: Phone,
    token: text(1000),
    consent: Type.Literal(true),
    consentText: text(2000),
    consentVersion: Type.Optional(text(100)),
    consentedAt: Type.Optional(text(40)),
    timeZone: Type.Optional(text(64)),
    pageUrl: Type.Optional(text(2048)),
    referrer: Type.Optional(text(2048)),
    utm: Type.Optional(Utm),
    clickIds: Type.Optional(ClickIds),
    // The host's own fields: at most 20 strings of at most 200 characters (code points), keys of at most 40
    // letters, digits, dots, dashes or underscores (the domain checks those).
    metadata: Type.Optional(
      Type.Record(Type.String(), text(200), {
        maxProperties: 20,
        propertyNames: { maxLength: 40, pattern: METADATA_KEY },
      }),
    ),
    // The demo this tab tried first (the voice widget's grant id, from sessionStorage): a claim, kept only
    // when it names a grant the service made.
    demoSessionId: Type.Optional(text(DEMO_SESSION_ID_MAX)),
    // The embed the form is part of (issue 54): its origins, agents, countries and consent sentences decide.
    embedId: Type.Optional(EmbedId),
  },
  { additionalProperties: false },
);
export type DemoRequest = Static<typeof DemoRequestBody>;

/**
 * The body of `POST /api/otp`: `website` is the hidden honeypot field ("" from a person), of any length:
 * a filled one is answered like a success, never refused, so that nothing tells a bot it is a trap.
 * `consentVersion` (the sentence the form shows), `agentId` and `embedId`, when sent, are checked before
 * any code is made: a lead the service would refuse costs no text message.
 */
/** The channels a code can go by (`OTP_CHANNELS` offers some of them, in its order); SMS unless asked. */
export const OTP_CHANNEL_NAMES = ['sms', 'whatsapp', 'call'] as const;
export type OtpChannel = (typeof OTP_CHANNEL_NAMES)[number];

export const CodeRequestBody = Type.Object(
  {
    phone: Phone,
    // Any word: one the service does not offer is refused as 400 `channel` with the reason, not as a shape.
    channel: Type.Optional(text(20)),
    // The form's language, for the words of the message or the call where the provider has them.
    language: Type.Optional(Type.String({ maxLength: 10, pattern: '^[a-z]{2,3}(-[A-Za-z]{2,4})?$' })),
    turnstileToken: Type.Optional(text(2048)),
    website: Type.Optional(Type.String()),
    consentVersion: Type.Optional(text(100)),
    agentId: Type.Optional(Type.Enum(AGENT_IDS)),
    embedId: Type.Optional(EmbedId),
  },
  { additionalProperties: false },
);
export type CodeRequest = Static<typeof CodeRequestBody>;

/** `GET /api/otp/countries`: the countries codes may be sent to (ISO 3166-1 alpha-2), which the form offers. */
export interface OtpCountries {
  countries: string[];
  /** The channels the form may offer for a code (`OTP_CHANNELS`), in the service's order. */
  channels: OtpChannel[];
}

/** The body of `POST /api/otp/verify`. */
export const CodeCheckBody = Type.Object(
  {
    phone: Phone,
    // As the text message gives it; spaces around it are taken too, and not asked for.
    code: Type.String({ maxLength: 12, pattern: '^[0-9]{6}$' }),
    embedId: Type.Optional(EmbedId),
  },
  { additionalProperties: false },
);
export type CodeCheck = Static<typeof CodeCheckBody>;

/**
 * The demo a lead's tab tried before asking (its `demoSessionId`): how it went as far as known. `mode` and
 * `durationSeconds` are null before its report, and once the demo itself is gone (DEMO_RETENTION_DAYS).
 */
export type LeadDemo = { sessionId: string; mode: 'voice' | 'text' | 'hybrid' | null; durationSeconds: number | null };

/** A lead as the service keeps it (times as ISO 8601). */
export type Lead = {
  id: number;
  createdAt: string;
  agentId: AgentId | string;
  name: string;
  phone: string;
  consent: {
    text: string;
    version: string | null;
    sha256: string | null;
    consentedAt: string | null;
    verifiedAt: string | null;
  };
  source: {
    pageUrl: string | null;
    referrer: string | null;
    userAgent: string | null;
    ip: string;
    timeZone: string | null;
    utm: Utm;
    clickIds: ClickIds;
    metadata: Record<string, string>;
  };
  /** The embed the form was part of (issue 54), null for a page without one. */
  embedId: string | null;
};
