// What the SQLite thread runs: the schema and one function per operation of the Store interface.
// Each runs inside the thread's current transaction (its own savepoint), so what it reads and
// writes is decided at once: the per-phone limits are exact.
import type { Statement } from 'better-sqlite3';
import { leadPayload, type CallStatus, type LeadInput, type OtpCheckStart, type OtpRequest, type OtpRequestResult, type OutboxRow } from './types.ts';

export const SCHEMA = `
CREATE TABLE IF NOT EXISTS feedback (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL,
  email TEXT NOT NULL,
  message TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE TABLE IF NOT EXISTS settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS otp_codes (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  phone TEXT NOT NULL,
  code_hash TEXT,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  checks INTEGER NOT NULL DEFAULT 0,
  consumed_at INTEGER
);
CREATE INDEX IF NOT EXISTS otp_codes_phone ON otp_codes (phone, created_at);
CREATE TABLE IF NOT EXISTS leads (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  agent_id TEXT NOT NULL,
  name TEXT NOT NULL,
  phone TEXT NOT NULL,
  consent_text TEXT NOT NULL,
  client_ip TEXT NOT NULL,
  token_id TEXT NOT NULL UNIQUE,
  created_at TEXT NOT NULL,
  call_status TEXT,
  call_id TEXT,
  call_error TEXT
);
CREATE TABLE IF NOT EXISTS outbox (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  lead_id INTEGER NOT NULL REFERENCES leads (id),
  payload TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER NOT NULL,
  lease_until INTEGER,
  delivered_at INTEGER,
  last_error TEXT
);
CREATE INDEX IF NOT EXISTS outbox_due ON outbox (delivered_at, next_attempt_at);
`;

type Stmt = (sql: string) => Statement;
const HOUR = 3_600_000;

const LEAD_COLUMNS = `l.id, l.agent_id AS agentId, l.name, l.phone, l.consent_text AS consentText, l.client_ip AS clientIp, l.token_id AS tokenId,
  l.created_at AS createdAt, l.call_status AS callStatus, l.call_id AS callId, l.call_error AS callError,
  (SELECT MIN(o.delivered_at IS NOT NULL) FROM outbox o WHERE o.lead_id = l.id) AS delivered`;

export const operations = {
  addFeedback: (stmt: Stmt, input: { name: string; email: string; message: string }) =>
    Number(stmt('INSERT INTO feedback (name, email, message) VALUES (@name, @email, @message)').run(input).lastInsertRowid),
  listFeedback: (stmt: Stmt) => stmt('SELECT id, name, email, message, created_at FROM feedback ORDER BY id').all(),
  countFeedback: (stmt: Stmt) => (stmt('SELECT COUNT(*) AS n FROM feedback').get() as { n: number }).n,

  setting(stmt: Stmt, { key, fallback }: { key: string; fallback: string }) {
    stmt('INSERT OR IGNORE INTO settings (key, value) VALUES (?, ?)').run(key, fallback);
    return (stmt('SELECT value FROM settings WHERE key = ?').get(key) as { value: string }).value;
  },

  requestOtp(stmt: Stmt, r: OtpRequest): OtpRequestResult {
    const recent = stmt('SELECT created_at FROM otp_codes WHERE phone = ? AND created_at > ? ORDER BY created_at').all(r.phone, r.now - HOUR) as { created_at: number }[];
    const last = recent.at(-1)?.created_at;
    if (last !== undefined && r.now - last < r.cooldownMs) return { ok: false, reason: 'cooldown', retryAfterMs: last + r.cooldownMs - r.now };
    if (recent.length >= r.perHour) return { ok: false, reason: 'hourly', retryAfterMs: recent[recent.length - r.perHour].created_at + HOUR - r.now };
    // A new code replaces the old one.
    stmt('UPDATE otp_codes SET consumed_at = ? WHERE phone = ? AND consumed_at IS NULL').run(r.now, r.phone);
    stmt('INSERT INTO otp_codes (phone, code_hash, created_at, expires_at) VALUES (?, ?, ?, ?)').run(r.phone, r.codeHash, r.now, r.now + r.ttlMs);
    return { ok: true };
  },

  startOtpCheck(stmt: Stmt, { phone, now, maxChecks }: { phone: string; now: number; maxChecks: number }): OtpCheckStart {
    const code = stmt('SELECT id, code_hash, expires_at, checks FROM otp_codes WHERE phone = ? AND consumed_at IS NULL ORDER BY created_at DESC LIMIT 1').get(phone) as
      | { id: number; code_hash: string | null; expires_at: number; checks: number }
      | undefined;
    if (!code) return { status: 'none' };
    if (code.expires_at <= now) return { status: 'expired' };
    if (code.checks >= maxChecks) return { status: 'too-many' };
    stmt('UPDATE otp_codes SET checks = checks + 1 WHERE id = ?').run(code.id);
    return { status: 'check', codeHash: code.code_hash, checksLeft: maxChecks - code.checks - 1 };
  },

  cancelOtp(stmt: Stmt, { phone, createdAt }: { phone: string; createdAt: number }) {
    stmt('DELETE FROM otp_codes WHERE phone = ? AND created_at = ?').run(phone, createdAt);
  },

  finishOtp(stmt: Stmt, { phone, now }: { phone: string; now: number }) {
    stmt('UPDATE otp_codes SET consumed_at = ? WHERE phone = ? AND consumed_at IS NULL').run(now, phone);
  },

  addLead(stmt: Stmt, { lead, deliver }: { lead: LeadInput; deliver: boolean }): { id: number } | 'token-used' {
    if (stmt('SELECT 1 FROM leads WHERE token_id = ?').get(lead.tokenId)) return 'token-used';
    const id = Number(
      stmt('INSERT INTO leads (agent_id, name, phone, consent_text, client_ip, token_id, created_at) VALUES (@agentId, @name, @phone, @consentText, @clientIp, @tokenId, @createdAt)').run(lead)
        .lastInsertRowid,
    );
    if (deliver) stmt('INSERT INTO outbox (lead_id, payload, next_attempt_at) VALUES (?, ?, 0)').run(id, leadPayload(id, lead));
    return { id };
  },

  setLeadCall(stmt: Stmt, a: { id: number; status: CallStatus; callId: string | null; error: string | null }) {
    stmt('UPDATE leads SET call_status = ?, call_id = ?, call_error = ? WHERE id = ?').run(a.status, a.callId, a.error, a.id);
  },

  listLeads: (stmt: Stmt) =>
    (stmt(`SELECT ${LEAD_COLUMNS} FROM leads l ORDER BY l.id`).all() as (Record<string, unknown> & { delivered: number | null })[]).map((row) => ({
      ...row,
      delivered: row.delivered === null ? null : row.delivered === 1,
    })),

  claimOutbox(stmt: Stmt, { now, leaseMs, limit }: { now: number; leaseMs: number; limit: number }): OutboxRow[] {
    const due = stmt(
      'SELECT id, lead_id AS leadId, payload, attempts FROM outbox WHERE delivered_at IS NULL AND next_attempt_at <= ? AND (lease_until IS NULL OR lease_until <= ?) ORDER BY id LIMIT ?',
    ).all(now, now, limit) as OutboxRow[];
    for (const row of due) stmt('UPDATE outbox SET lease_until = ? WHERE id = ?').run(now + leaseMs, row.id);
    return due;
  },
  outboxDelivered(stmt: Stmt, { id, now }: { id: number; now: number }) {
    stmt('UPDATE outbox SET delivered_at = ?, attempts = attempts + 1, lease_until = NULL, last_error = NULL WHERE id = ?').run(now, id);
  },
  outboxFailed(stmt: Stmt, { id, nextAttemptAt, error }: { id: number; nextAttemptAt: number; error: string }) {
    stmt('UPDATE outbox SET attempts = attempts + 1, next_attempt_at = ?, lease_until = NULL, last_error = ? WHERE id = ?').run(nextAttemptAt, error, id);
  },
};

export type Operations = typeof operations;
