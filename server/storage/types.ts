// What the service keeps, and the one interface both databases implement (SQLite by default,
// PostgreSQL for several instances). Every method resolves once its writes are durably committed;
// the per-phone rules are decided inside one transaction, so they hold exactly across instances.

export type FeedbackInput = { name: string; email: string; message: string };
export type FeedbackRow = FeedbackInput & { id: number; created_at: string };

/** A new one-time code for a phone, and the limits it must fit. Times are epoch milliseconds. */
export type OtpRequest = { phone: string; codeHash: string | null; now: number; ttlMs: number; cooldownMs: number; perHour: number };
export type OtpRequestResult = { ok: true } | { ok: false; reason: 'cooldown' | 'hourly'; retryAfterMs: number };

/** One check of a code: counted before it is made, so no more than `maxChecks` are ever made. */
export type OtpCheckStart =
  | { status: 'check'; codeHash: string | null; checksLeft: number }
  | { status: 'none' | 'expired' | 'too-many' };

export type LeadInput = {
  agentId: string;
  name: string;
  phone: string;
  consentText: string;
  clientIp: string;
  tokenId: string;
  createdAt: string;
};
export type CallStatus = 'placed' | 'queued' | 'not-configured';
export type LeadRow = LeadInput & { id: number; callStatus: CallStatus | null; callId: string | null; callError: string | null; delivered: boolean | null };

/** A lead waiting to reach the CRM webhook. */
export type OutboxRow = { id: number; leadId: number; payload: string; attempts: number };

export interface Store {
  /** Where the rows are kept (a file, or a PostgreSQL host and database; never credentials). */
  readonly path: string;
  /** Whether the database is taking work right now (never waits): for health checks. */
  answering(): boolean;
  close(): Promise<void>;

  addFeedback(input: FeedbackInput): Promise<number>;
  listFeedback(): Promise<FeedbackRow[]>;
  countFeedback(): Promise<number>;

  /** The stored value of a setting, storing `fallback` first when there is none (the first instance wins). */
  setting(key: string, fallback: string): Promise<string>;

  requestOtp(request: OtpRequest): Promise<OtpRequestResult>;
  startOtpCheck(phone: string, now: number, maxChecks: number): Promise<OtpCheckStart>;
  /** Forgets the code made at `createdAt` (it could not be sent), so it counts against no limit. */
  cancelOtp(phone: string, createdAt: number): Promise<void>;
  /** The phone's current code may not be used again. */
  finishOtp(phone: string, now: number): Promise<void>;

  /** Stores a lead (and its CRM delivery when `deliver`); `token-used` when its token already made one. */
  addLead(lead: LeadInput, deliver: boolean): Promise<{ id: number } | 'token-used'>;
  setLeadCall(id: number, status: CallStatus, callId: string | null, error: string | null): Promise<void>;
  listLeads(): Promise<LeadRow[]>;

  /** Leases up to `limit` due deliveries for `leaseMs`: another instance takes them only once the lease ends. */
  claimOutbox(now: number, leaseMs: number, limit: number): Promise<OutboxRow[]>;
  outboxDelivered(id: number, now: number): Promise<void>;
  outboxFailed(id: number, nextAttemptAt: number, error: string): Promise<void>;
}

/** The body a CRM receives for a lead. */
export function leadPayload(id: number, lead: LeadInput): string {
  // The token id is ours alone: the CRM gets the lead.
  const { agentId, name, phone, consentText, clientIp, createdAt } = lead;
  return JSON.stringify({ event: 'lead.created', lead: { id, agentId, name, phone, consentText, clientIp, createdAt } });
}
