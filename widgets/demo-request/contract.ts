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
  /** `placed`: the AI demo call is on its way; `queued`: the team calls back; `not-configured`: no calls are set up. */
  call: 'placed' | 'queued' | 'not-configured';
}

export interface DemoRequestErrorDetail {
  /** What the visitor was told. */
  message: string;
}

export const DEFAULT_COUNTRY = 'IN';
