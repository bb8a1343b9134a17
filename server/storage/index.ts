// The store: SQLite in WAL mode with full fsync on its own thread (./sqlite-worker.ts) by default,
// PostgreSQL when DATABASE_URL is set. A write resolves once it is on disk; the event loop never waits.
import { openSqliteWorker } from './sqlite-worker.ts';
import type { FeedbackRow, LeadRow, Store } from './types.ts';

export { DatabaseBusyError } from './sqlite-worker.ts';
export type * from './types.ts';

/** PostgreSQL when `databaseUrl` is set (several instances can share it), else SQLite at `databasePath`. */
export async function openConfiguredStore({ databasePath, databaseUrl, databaseTimeoutMs }: { databasePath: string; databaseUrl?: string; databaseTimeoutMs?: number }): Promise<Store> {
  if (databaseUrl) {
    const { openPostgresStore } = await import('./postgres.ts');
    return openPostgresStore(databaseUrl, { timeoutMs: databaseTimeoutMs });
  }
  return openSqliteStore(databasePath, { timeoutMs: databaseTimeoutMs });
}

export async function openSqliteStore(path: string, { timeoutMs = 4000 } = {}): Promise<Store> {
  // SQLite gives up on a lock at half the request's budget, so a refused write was not stored;
  // the request's own timer stays as the backstop for a thread that does not answer at all.
  const db = await openSqliteWorker({ path, timeoutMs, busyTimeoutMs: Math.floor(timeoutMs / 2) });
  return {
    path,
    answering: () => db.answering(),
    close: () => db.close(),
    addFeedback: (input) => db.call('addFeedback', input),
    listFeedback: () => db.call('listFeedback') as Promise<FeedbackRow[]>,
    countFeedback: () => db.call('countFeedback'),
    setting: (key, fallback) => db.call('setting', { key, fallback }),
    requestOtp: (request) => db.call('requestOtp', request),
    startOtpCheck: (phone, now, maxChecks) => db.call('startOtpCheck', { phone, now, maxChecks }),
    cancelOtp: async (phone, createdAt) => void (await db.call('cancelOtp', { phone, createdAt })),
    finishOtp: async (phone, now) => void (await db.call('finishOtp', { phone, now })),
    addLead: (lead, deliver) => db.call('addLead', { lead, deliver }),
    setLeadCall: async (id, status, callId, error) => void (await db.call('setLeadCall', { id, status, callId, error })),
    listLeads: () => db.call('listLeads') as Promise<LeadRow[]>,
    claimOutbox: (now, leaseMs, limit) => db.call('claimOutbox', { now, leaseMs, limit }),
    outboxDelivered: async (id, now) => void (await db.call('outboxDelivered', { id, now })),
    outboxFailed: async (id, nextAttemptAt, error) => void (await db.call('outboxFailed', { id, nextAttemptAt, error })),
  };
}
