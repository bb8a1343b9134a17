// What the desk API answers beyond a lead and its call: the marks' history and the overview's counts.
// Declared once for the service (which builds them) and the desk (which shows them).
import type { Outcome } from './call-outcomes.ts';

/** One change of a lead's "contacted" mark: who marked it, or undid it, and when. */
export type MarkEvent = { action: 'marked' | 'undone'; by: string; at: string };

/** The overview's funnel for a period: codes sent → verified → leads → calls placed → answered → successful. */
export type Funnel = {
  codesSent: number;
  verified: number;
  leads: number;
  callsPlaced: number;
  answered: number;
  successful: number;
};

/** Outcomes counted for one agent or one campaign. */
export type OutcomeRow = { key: string; outcomes: Partial<Record<Outcome, number>> };

/** One embed's figures for a period (issue 54): what came from the pages that name it. */
export type EmbedFigures = {
  id: string;
  name: string;
  codesSent: number;
  verified: number;
  leads: number;
  callsPlaced: number;
  demos: number;
};
