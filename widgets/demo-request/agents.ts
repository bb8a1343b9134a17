import type { AgentId } from '../../model/agents';

/** A demo agent option: a constant on the client (the ids are the service's model's). */
export type { AgentId };

/** A demo agent card; its title and description are in the widget's strings, in each language. */
export interface DemoAgent {
  id: AgentId;
  /** Which icon the card shows. */
  icon: 'calendar' | 'home' | 'language' | 'headset';
  /** The card's accent colour. */
  colour: string;
}

/** The four demo agents, in the order the form shows them. */
export const AGENTS: readonly DemoAgent[] = [
  {
    id: 'receptionist',
    icon: 'calendar',
    colour: '#0e7490',
  },
  {
    id: 'realEstate',
    icon: 'home',
    colour: '#b45309',
  },
  {
    id: 'supportHindi',
    icon: 'language',
    colour: '#be185d',
  },
  {
    id: 'supportEnglish',
    icon: 'headset',
    colour: '#4338ca',
  },
];
