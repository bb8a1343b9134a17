import type { AgentId } from './agents';

/** Attributes and properties of `<ai-demo-request>`: declared once, on the element class. */
export type { DemoRequestProps } from './element';

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
  /** With `duplicate`: ISO 8601 time the earlier request's call was placed. */
  calledAt?: string;
  /** The same phone asked for the same agent within 24 h: no second call. */
  duplicate?: true;
}

export interface DemoRequestErrorDetail {
  /** What the visitor was told. */
  message: string;
}

export const DEFAULT_COUNTRY = 'IN';

/** The longest name the service keeps, in the characters a person sees (its `cleanName`; a test holds the two equal). */
export const NAME_MAX = 100;
