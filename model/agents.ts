// The demo agents: who a visitor may ask to be called by. Declared once for the service, the desk and
// the widgets (which import the type only: their cards, words and translations are their own).

/** The demo agents a lead may name, in the order the form shows them. */
export const AGENT_IDS = ['receptionist', 'realEstate', 'supportHindi', 'supportEnglish'] as const;
export type AgentId = (typeof AGENT_IDS)[number];

/** Each agent's name as the team reads it (the desk, exports, logs). */
export const AGENT_TITLES: Record<AgentId, string> = {
  receptionist: 'AI Receptionist',
  realEstate: 'AI Real-Estate Cold Caller',
  supportHindi: 'AI Customer Support (Hindi)',
  supportEnglish: 'AI Customer Support (English)',
};

export const isAgentId = (value: unknown): value is AgentId => (AGENT_IDS as readonly unknown[]).includes(value);
