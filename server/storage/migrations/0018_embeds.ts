// Migration 18. Frozen once shipped: never edited, imports nothing of ours; a change is the next migration.
// Issue 54: embeds, the partner pages and landing pages the widgets run on, kept as records: their
// origins, brand, agents and countries (JSON arrays as text), whether they take requests; the consent
// sentences each embed's brand made, by language and version, kept forever as the proof its leads
// showed; and the origins refused, per embed (null: a request that named none) and UTC day, counted.
// Leads, feedback and web demos name the embed they came from: the desk's lists filter by it, newest
// first, so each index holds an embed's rows in that order (a time range is a range of ids).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    `CREATE TABLE embeds (
     id TEXT PRIMARY KEY,
     name TEXT NOT NULL,
     origins TEXT NOT NULL,
     brand_name TEXT NOT NULL,
     agents TEXT NOT NULL,
     countries TEXT NOT NULL,
     active INTEGER NOT NULL DEFAULT 1,
     created_ms BIGINT NOT NULL,
     updated_ms BIGINT NOT NULL)`,
    `CREATE TABLE embed_consents (
     embed_id TEXT NOT NULL,
     lang TEXT NOT NULL,
     version TEXT NOT NULL,
     text TEXT NOT NULL,
     sha256 TEXT NOT NULL,
     created_ms BIGINT NOT NULL,
     PRIMARY KEY (embed_id, version))`,
    `CREATE TABLE embed_refusals (
     key TEXT PRIMARY KEY,
     embed_id TEXT,
     origin TEXT NOT NULL,
     day TEXT NOT NULL,
     n BIGINT NOT NULL,
     last_ms BIGINT NOT NULL)`,
    `CREATE INDEX embed_refusals_embed ON embed_refusals (embed_id, day)`,
    `ALTER TABLE leads ADD COLUMN embed_id TEXT`,
    `ALTER TABLE feedback ADD COLUMN embed_id TEXT`,
    `ALTER TABLE demo_sessions ADD COLUMN embed_id TEXT`,
    `CREATE INDEX leads_embed ON leads (embed_id, id)`,
    `CREATE INDEX leads_embed_time ON leads (embed_id, created_ms)`,
    `CREATE INDEX feedback_embed ON feedback (embed_id, id)`,
    `CREATE INDEX demo_sessions_embed ON demo_sessions (embed_id, created_at, id, agent_id, origin, mode)`,
  ])
    await sql.raw(statement).execute(db);
}
