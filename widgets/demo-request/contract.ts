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
  /** `placed`: the AI demo call is on its way; `queued`: the team calls back; `not-configured`: no calls are set up. */
  call: 'placed' | 'queued' | 'not-configured';
}

export interface DemoRequestErrorDetail {
  /** What the visitor was told. */
  message: string;
}

export const DEFAULT_COUNTRY = 'IN';
