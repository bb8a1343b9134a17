// The desk's calls to the service: same origin, the session cookie sent by the browser (HttpOnly:
// this code never sees it). A 401 means the session is gone: the app shows the sign-in again.

import type { Call, CallState } from '../model/calls';
import type { EmbedFigures, Funnel, MarkEvent, OutcomeRow } from '../model/desk';
import type { DemoDetail, DemoFigures, ListedDemo } from '../model/demos';
import type { Lead, LeadDemo } from '../model/lead';

export type { CallState };
export type Contacted = { at: string; by: string } | null;
export type Marked = { contacted: Contacted; marks: MarkEvent[] };

export type ListedLead = Pick<Lead, 'id' | 'createdAt' | 'agentId' | 'name' | 'phone'> & {
  call:
    | (Pick<
        Call,
        | 'status'
        | 'attempts'
        | 'callAt'
        | 'endedReason'
        | 'failureReason'
        | 'summary'
        | 'successEvaluation'
        | 'durationSeconds'
      > & { outcome: string | null })
    | null;
  contacted: Contacted;
};
export type LeadList = { leads: ListedLead[]; limit: number; nextCursor: string | null; version: string };

/** A lead as the service keeps it (model/lead.ts), its attempts, its mark and the marks' history. */
export type LeadDetail = Marked & {
  lead: Lead;
  call: Call | null;
  outcome: string | null;
  attempts: {
    attempt: number;
    startedAt: string;
    finishedAt: string | null;
    outcome: string | null;
    error: string | null;
    providerCallId: string | null;
  }[];
  /** The web demo the lead's tab tried first; absent from a service before issue 46. */
  demo?: LeadDemo | null;
};

export type OverviewAnswer = {
  from: string;
  to: string;
  /** The zone leads per day are counted in (DESK_TIME_ZONE, else the browser's), by its current name. */
  timeZone: string;
  funnel: Funnel;
  perDay: { day: string; leads: number }[];
  byAgent: OutcomeRow[];
  byCampaign: OutcomeRow[];
  /** Every embed's figures (issue 54); absent from a service before it. */
  byEmbed?: EmbedFigures[];
  demos: DemoFigures;
};

export type { DemoDetail, ListedDemo };
export type DemoList = { demos: ListedDemo[]; limit: number; nextCursor: string | null; origins: string[] };

export type Feedback = { id: number; createdAt: string; name: string; email: string; message: string };
export type Session = { email: string; role: 'admin' | 'agent'; expiresAt: string };

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

let onSignedOut: () => void = () => {};
/** Called whenever the service says the session is gone. */
export const whenSignedOut = (handler: () => void) => {
  onSignedOut = handler;
};

export async function api<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`/api${path}`, {
      method: init.method ?? 'GET',
      headers: init.body === undefined ? {} : { 'content-type': 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(
      0,
      'offline',
      'The service could not be reached. Check your connection; the desk tries again by itself.',
    );
  }
  if (res.status === 204) return undefined as T;
  const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (!res.ok) {
    const error = new ApiError(
      res.status,
      String(body.error ?? 'error'),
      String(body.message ?? 'Something went wrong. Please try again.'),
      body,
    );
    if (res.status === 401 && path !== '/session') onSignedOut();
    throw error;
  }
  return body as T;
}

/** The query string of a filter, without empty values. */
export const queryOf = (params: Record<string, string | undefined>) => {
  const q = new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => Boolean(e[1])));
  return q.size ? `?${q}` : '';
};
