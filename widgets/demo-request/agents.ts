/** A demo agent option: a constant on the client. */
export type AgentId = 'receptionist' | 'realEstate' | 'supportHindi' | 'supportEnglish';

export interface DemoAgent {
  id: AgentId;
  title: string;
  description: string;
  /** Which icon the card shows. */
  icon: 'calendar' | 'home' | 'language' | 'headset';
  /** The card's accent colour. */
  colour: string;
}

/** The four demo agents, in the order the form shows them. */
export const AGENTS: readonly DemoAgent[] = [
  {
    id: 'receptionist',
    title: 'AI Receptionist',
    description: 'Handles patient appointment bookings, queries and payments.',
    icon: 'calendar',
    colour: '#0e7490',
  },
  {
    id: 'realEstate',
    title: 'AI Real-Estate Cold Caller',
    description: 'Engages leads, gathers requirements, qualifies leads.',
    icon: 'home',
    colour: '#b45309',
  },
  {
    id: 'supportHindi',
    title: 'AI Customer Support (Hindi)',
    description: 'Available in all regional languages.',
    icon: 'language',
    colour: '#be185d',
  },
  {
    id: 'supportEnglish',
    title: 'AI Customer Support (English)',
    description: 'Answers customer questions around the clock, in English.',
    icon: 'headset',
    colour: '#4338ca',
  },
];

export function agentById(id: AgentId | null): DemoAgent | undefined {
  return AGENTS.find((agent) => agent.id === id);
}
