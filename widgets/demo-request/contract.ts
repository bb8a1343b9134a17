import type { AgentId } from './agents';

/** Attributes of `<ai-demo-request>`. */
export interface DemoRequestProps {
  /** Backend base URL, reserved for sending leads (no call is made yet). */
  backendUrl?: string;
  /** ISO 3166-1 alpha-2 country the phone field starts with. */
  defaultCountry?: string;
  /** Who the consent text names: "from {brand-name} services". */
  brandName?: string;
}

export interface DemoRequestSubmitDetail {
  agentId: AgentId;
  name: string;
  /** E.164, e.g. `+919876543210`. */
  phone: string;
}

export const DEFAULT_COUNTRY = 'IN';

export function consentText(brandName?: string): string {
  // `brand-name=""` (or spaces) must not leave "from  services": fall back like a missing attribute.
  const brand = brandName?.trim() || 'our';
  return `I agree to receive messages, including automated calls and AI-powered demo calls, from ${brand} services at the contact information provided.`;
}
