import type { AgentId } from './agents';

/** Attributes of `<ai-demo-request>`. */
export interface DemoRequestProps {
  /** The service's base URL: it sends and checks the codes, stores the lead and calls the visitor. Unset: demo mode. */
  backendUrl?: string;
  /** ISO 3166-1 alpha-2 country the phone field starts with. */
  defaultCountry?: string;
  /** Countries the phone field accepts: comma-separated ISO 3166-1 alpha-2 codes, or `all`. Default: `defaultCountry` alone. */
  countries?: string;
  /** Who the consent text names: "from {brand-name} services". */
  brandName?: string;
  /** The consent sentence shown next to the box and sent with the lead, exactly; unset: the built-in one for `brand-name`. */
  consentText?: string;
  /** Your version label for that sentence, sent with the lead as `consentVersion`. */
  consentVersion?: string;
  /** Cloudflare Turnstile site key: set, the form shows Turnstile's check near Get OTP and sends its token. */
  turnstileSiteKey?: string;
  /** JS property only: up to 20 string values (each at most 200 characters) sent with the lead; anything else sends `{}`. */
  metadata?: Record<string, string>;
}

export interface DemoRequestSubmitDetail {
  agentId: AgentId;
  name: string;
  /** E.164, e.g. `+919876543210`. */
  phone: string;
}

export interface DemoRequestSuccessDetail {
  /** The stored lead's id. */
  id: number;
  /** `placed`: calling now; `scheduled`: at `callAt`; `retrying`: the line was busy, within the hour; `failed`: no call, the team follows up; `not-configured`: no calls are set up. */
  call: 'placed' | 'retrying' | 'scheduled' | 'failed' | 'not-configured';
  /** ISO 8601 time of a `scheduled` call. */
  callAt?: string;
  /** The same phone asked for the same agent within 24 h: no second call. */
  duplicate?: true;
}

export interface DemoRequestErrorDetail {
  /** What the visitor was told. */
  message: string;
}

export const DEFAULT_COUNTRY = 'IN';
