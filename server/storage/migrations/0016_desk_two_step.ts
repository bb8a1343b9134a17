// Migration 16. Frozen once shipped: never edited, imports nothing of ours; a change is the next migration.
// Issue 47: a second factor for desk password accounts. Each account may have one TOTP secret (kept
// encrypted by the service; `confirmed_at` empty until a code proved it was set up, `last_step` the
// newest time step used, so a code is never taken twice), its one-time recovery codes (hashes only),
// and sign-ins half done: the password was right, the code (or setting it up) is still to come. A half
// sign-in is found by its cookie's token hash, like a session, and opens nothing by itself.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    `CREATE TABLE desk_two_step (
     user_id INTEGER PRIMARY KEY REFERENCES desk_users (id),
     secret TEXT NOT NULL,
     created_at BIGINT NOT NULL,
     confirmed_at BIGINT,
     last_step BIGINT)`,
    `CREATE TABLE desk_recovery_codes (
     user_id INTEGER NOT NULL REFERENCES desk_users (id),
     code_hash TEXT NOT NULL,
     used_at BIGINT,
     PRIMARY KEY (user_id, code_hash))`,
    `CREATE TABLE desk_pending_sign_ins (
     token_hash TEXT PRIMARY KEY,
     user_id INTEGER NOT NULL REFERENCES desk_users (id),
     next_step TEXT NOT NULL,
     created_at BIGINT NOT NULL,
     expires_at BIGINT NOT NULL,
     client_ip TEXT,
     user_agent TEXT)`,
    `CREATE INDEX desk_pending_sign_ins_user ON desk_pending_sign_ins (user_id)`,
    `CREATE INDEX desk_pending_sign_ins_expiry ON desk_pending_sign_ins (expires_at)`,
  ])
    await sql.raw(statement).execute(db);
}
