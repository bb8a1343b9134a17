// The store on PostgreSQL (DATABASE_URL=postgres://…), for more than one instance of the service.
// The schema is created on start by numbered migrations, under an advisory lock, so instances that
// start together apply each one once. Per-phone rules take a per-phone transaction lock, so two
// instances cannot both pass a limit; a token makes one lead (a unique column); deliveries are leased.
import pg from 'pg';
import { DatabaseBusyError } from './sqlite-worker.ts';
import { leadPayload, type FeedbackRow, type LeadRow, type OtpCheckStart, type OtpRequestResult, type OutboxRow, type Store } from './types.ts';

/** Each entry runs once, in order; never edit one that has shipped, add the next. */
const MIGRATIONS = [
  `CREATE TABLE feedback (
     id INTEGER GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
     name TEXT NOT NULL, email TEXT NOT NULL, message TEXT NOT NULL,
     created_at TIMESTAMPTZ NOT NULL DEFAULT now())`,
  `CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
   CREATE TABLE otp_codes (
     id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
     phone TEXT NOT NULL, code_hash TEXT,
     created_at BIGINT NOT NULL, expires_at BIGINT NOT NULL,
     checks INTEGER NOT NULL DEFAULT 0, consumed_at BIGINT);
   CREATE INDEX otp_codes_phone ON otp_codes (phone, created_at);
   CREATE TABLE leads (
     id INTEGER GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
     agent_id TEXT NOT NULL, name TEXT NOT NULL, phone TEXT NOT NULL,
     consent_text TEXT NOT NULL, client_ip TEXT NOT NULL, token_id TEXT NOT NULL UNIQUE,
     created_at TEXT NOT NULL, call_status TEXT, call_id TEXT, call_error TEXT);
   CREATE TABLE outbox (
     id INTEGER GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
     lead_id INTEGER NOT NULL REFERENCES leads (id), payload TEXT NOT NULL,
     attempts INTEGER NOT NULL DEFAULT 0, next_attempt_at BIGINT NOT NULL,
     lease_until BIGINT, delivered_at BIGINT, last_error TEXT);
   CREATE INDEX outbox_due ON outbox (delivered_at, next_attempt_at);`,
];
const MIGRATION_LOCK = 7_301_914;
const HOUR = 3_600_000;
const FEEDBACK_ROW = `id, name, email, message, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at`;

async function migrate(pool: pg.Pool) {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await client.query('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())');
    const { rows } = await client.query('SELECT COALESCE(MAX(version), 0) AS v FROM schema_migrations');
    for (let version = Number(rows[0].v) + 1; version <= MIGRATIONS.length; version++) {
      await client.query('BEGIN');
      await client.query(MIGRATIONS[version - 1]);
      await client.query('INSERT INTO schema_migrations (version) VALUES ($1)', [version]);
      await client.query('COMMIT');
    }
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    client.release();
  }
}

export async function openPostgresStore(url: string, { timeoutMs = 4000 } = {}): Promise<Store> {
  // A query that cannot finish in time (locks, an overloaded server) is cancelled by the server
  // itself and the request is answered 503, as with SQLite.
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: timeoutMs, statement_timeout: timeoutMs, application_name: 'ai-agent-widgets' });
  let lastFailed = false;
  pool.on('error', () => (lastFailed = true));
  await migrate(pool);

  const busy = (error: unknown) => {
    lastFailed = true;
    const code = (error as { code?: string }).code;
    // 57014: cancelled by statement_timeout; 55P03: lock not available; 53300: too many connections.
    return code === '57014' || code === '55P03' || code === '53300' || /timeout/i.test(String(error));
  };
  async function query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]> {
    try {
      const result = await pool.query(sql, params);
      lastFailed = false;
      return result.rows as T[];
    } catch (error) {
      throw busy(error) ? new DatabaseBusyError() : error;
    }
  }
  /** One transaction holding the phone's lock, so what it decides holds across instances. */
  async function forPhone<T>(phone: string, work: (q: (sql: string, params?: unknown[]) => Promise<Record<string, unknown>[]>) => Promise<T>): Promise<T> {
    const client = await pool.connect().catch((error) => {
      throw busy(error) ? new DatabaseBusyError() : error;
    });
    try {
      await client.query('BEGIN');
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [phone]);
      const value = await work(async (sql, params) => (await client.query(sql, params)).rows);
      await client.query('COMMIT');
      lastFailed = false;
      return value;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw busy(error) ? new DatabaseBusyError() : error;
    } finally {
      client.release();
    }
  }

  return {
    path: `${new URL(url).host}${new URL(url).pathname}`,
    answering: () => !lastFailed,
    close: () => pool.end(),

    addFeedback: async (i) => Number((await query<{ id: number }>('INSERT INTO feedback (name, email, message) VALUES ($1, $2, $3) RETURNING id', [i.name, i.email, i.message]))[0].id),
    listFeedback: () => query<FeedbackRow>(`SELECT ${FEEDBACK_ROW} FROM feedback ORDER BY id`),
    countFeedback: async () => Number((await query<{ n: string }>('SELECT COUNT(*) AS n FROM feedback'))[0].n),

    async setting(key, fallback) {
      await query('INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING', [key, fallback]);
      return (await query<{ value: string }>('SELECT value FROM settings WHERE key = $1', [key]))[0].value;
    },

    requestOtp: (r) =>
      forPhone(r.phone, async (q): Promise<OtpRequestResult> => {
        const recent = (await q('SELECT created_at FROM otp_codes WHERE phone = $1 AND created_at > $2 ORDER BY created_at', [r.phone, r.now - HOUR])).map((row) => Number(row.created_at));
        const last = recent.at(-1);
        if (last !== undefined && r.now - last < r.cooldownMs) return { ok: false, reason: 'cooldown', retryAfterMs: last + r.cooldownMs - r.now };
        if (recent.length >= r.perHour) return { ok: false, reason: 'hourly', retryAfterMs: recent[recent.length - r.perHour] + HOUR - r.now };
        await q('UPDATE otp_codes SET consumed_at = $1 WHERE phone = $2 AND consumed_at IS NULL', [r.now, r.phone]);
        await q('INSERT INTO otp_codes (phone, code_hash, created_at, expires_at) VALUES ($1, $2, $3, $4)', [r.phone, r.codeHash, r.now, r.now + r.ttlMs]);
        return { ok: true };
      }),

    startOtpCheck: (phone, now, maxChecks) =>
      forPhone(phone, async (q): Promise<OtpCheckStart> => {
        const [code] = await q('SELECT id, code_hash, expires_at, checks FROM otp_codes WHERE phone = $1 AND consumed_at IS NULL ORDER BY created_at DESC LIMIT 1', [phone]);
        if (!code) return { status: 'none' };
        if (Number(code.expires_at) <= now) return { status: 'expired' };
        if (Number(code.checks) >= maxChecks) return { status: 'too-many' };
        await q('UPDATE otp_codes SET checks = checks + 1 WHERE id = $1', [code.id]);
        return { status: 'check', codeHash: code.code_hash as string | null, checksLeft: maxChecks - Number(code.checks) - 1 };
      }),

    cancelOtp: async (phone, createdAt) => void (await query('DELETE FROM otp_codes WHERE phone = $1 AND created_at = $2', [phone, createdAt])),
    finishOtp: async (phone, now) => void (await query('UPDATE otp_codes SET consumed_at = $1 WHERE phone = $2 AND consumed_at IS NULL', [now, phone])),

    async addLead(lead, deliver) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const inserted = await client.query(
          `INSERT INTO leads (agent_id, name, phone, consent_text, client_ip, token_id, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)
           ON CONFLICT (token_id) DO NOTHING RETURNING id`,
          [lead.agentId, lead.name, lead.phone, lead.consentText, lead.clientIp, lead.tokenId, lead.createdAt],
        );
        if (!inserted.rows.length) {
          await client.query('ROLLBACK');
          return 'token-used' as const;
        }
        const id = Number(inserted.rows[0].id);
        if (deliver) await client.query('INSERT INTO outbox (lead_id, payload, next_attempt_at) VALUES ($1, $2, 0)', [id, leadPayload(id, lead)]);
        await client.query('COMMIT');
        return { id };
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw busy(error) ? new DatabaseBusyError() : error;
      } finally {
        client.release();
      }
    },

    setLeadCall: async (id, status, callId, error) => void (await query('UPDATE leads SET call_status = $1, call_id = $2, call_error = $3 WHERE id = $4', [status, callId, error, id])),

    listLeads: async () =>
      (
        await query<LeadRow & { delivered: boolean | null }>(
          `SELECT l.id, l.agent_id AS "agentId", l.name, l.phone, l.consent_text AS "consentText", l.client_ip AS "clientIp", l.token_id AS "tokenId",
             l.created_at AS "createdAt", l.call_status AS "callStatus", l.call_id AS "callId", l.call_error AS "callError",
             (SELECT bool_and(o.delivered_at IS NOT NULL) FROM outbox o WHERE o.lead_id = l.id) AS delivered
           FROM leads l ORDER BY l.id`,
        )
      ).map((row) => ({ ...row, id: Number(row.id) })),

    claimOutbox: async (now, leaseMs, limit) =>
      (
        await query<OutboxRow>(
          `UPDATE outbox SET lease_until = $1 WHERE id IN (
             SELECT id FROM outbox WHERE delivered_at IS NULL AND next_attempt_at <= $2 AND (lease_until IS NULL OR lease_until <= $2)
             ORDER BY id LIMIT $3 FOR UPDATE SKIP LOCKED)
           RETURNING id, lead_id AS "leadId", payload, attempts`,
          [now + leaseMs, now, limit],
        )
      ).sort((a, b) => a.id - b.id),
    outboxDelivered: async (id, now) => void (await query('UPDATE outbox SET delivered_at = $1, attempts = attempts + 1, lease_until = NULL, last_error = NULL WHERE id = $2', [now, id])),
    outboxFailed: async (id, next, error) => void (await query('UPDATE outbox SET attempts = attempts + 1, next_attempt_at = $1, lease_until = NULL, last_error = $2 WHERE id = $3', [next, error, id])),
  };
}
