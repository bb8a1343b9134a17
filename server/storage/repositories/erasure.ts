// Erasure and access for one person (docs/operations.md#erasure-and-access). Erasing keeps what the
// business may keep without the person: the lead's dates, agent, campaign, consent version and the
// consent text's hash, the call's outcome, the marks; and in place of the number its keyed hash
// (made by the caller, who holds the key), so the do-not-call list still refuses it. Everything that
// names or reaches the person goes, CRM events included; the CRM hears `lead.erased` instead.
import { randomUUID } from 'node:crypto';
import { erasedPayload } from '../../../model/crm-events.ts';
import { join, num, one, query, sql } from '../sql.ts';
import { CALL_COLUMNS, callOf, LEAD_COLUMNS, leadOf } from './rows.ts';
import { isoOf } from './times.ts';

const list = (ids: number[]) =>
  join(
    ids.map((id) => sql`${id}`),
    ', ',
  );
const iso = (ms: unknown) => (ms === null || ms === undefined ? null : new Date(num(ms)).toISOString());

export const erasure = {
  /** Erases every lead with this number (or its hash), its codes and its place on the do-not-call list (kept as the hash). */
  *phone({ phone, phoneHash, now, deliver }: { phone: string; phoneHash: string; now: number; deliver: boolean }) {
    const found = yield* query(
      sql`SELECT id, agent_id, created_ms, CASE WHEN created_ms IS NULL THEN created_at END AS created_at FROM leads WHERE (phone = ${phone} OR phone_hash = ${phoneHash}) AND erased_at IS NULL ORDER BY id`,
    );
    const ids = found.map((r) => num(r.id));
    if (ids.length) {
      yield* one(sql`UPDATE leads SET name = '', phone = '', phone_hash = ${phoneHash}, consent_text = '', client_ip = '', user_agent = NULL, page_url = NULL,
        referrer = NULL, time_zone = NULL, utm_term = NULL, utm_content = NULL, gclid = NULL, fbclid = NULL, metadata = '{}', erased_at = ${now} WHERE id IN (${list(ids)})`);
      // A call not yet placed never will be; one placed keeps its outcome, and no later report of it can bring its content back.
      yield* one(sql`UPDATE calls SET failure_reason = CASE WHEN status IN ('pending', 'scheduled', 'retrying') THEN 'erased' ELSE failure_reason END,
        status = CASE WHEN status IN ('pending', 'scheduled', 'retrying') THEN 'failed' ELSE status END,
        transcript = NULL, summary = NULL, recording_url = NULL, success_evaluation = NULL, last_error = NULL, provider_call_id = NULL,
        next_attempt_at = NULL, lease_until = NULL, check_at = NULL, updated_at = ${now} WHERE lead_id IN (${list(ids)})`);
      yield* one(sql`UPDATE call_attempts SET error = NULL, provider_call_id = NULL, outcome = CASE WHEN outcome LIKE 'placed%' THEN 'placed' ELSE outcome END
        WHERE lead_id IN (${list(ids)})`);
      yield* one(sql`DELETE FROM outbox WHERE lead_id IN (${list(ids)})`);
      // A search would still find the person by their name's words and their number's digits.
      yield* one(sql`DELETE FROM lead_search WHERE lead_id IN (${list(ids)})`);
      if (deliver) {
        for (const r of found) {
          const deliveryId = randomUUID();
          const payload = erasedPayload(deliveryId, now, {
            id: num(r.id),
            agentId: String(r.agent_id),
            createdAt: isoOf(r.created_ms, r.created_at) ?? '',
          });
          yield* one(
            sql`INSERT INTO outbox (lead_id, event, delivery_id, payload, next_attempt_at) VALUES (${num(r.id)}, 'lead.erased', ${deliveryId}, ${payload}, 0)`,
          );
        }
      }
    }
    const codes = yield* query(sql`DELETE FROM otp_codes WHERE phone = ${phone} RETURNING id`);
    yield* one(
      sql`INSERT INTO suppressions (phone, reason, created_at) SELECT ${phoneHash}, reason, created_at FROM suppressions WHERE phone = ${phone} ON CONFLICT (phone) DO NOTHING`,
    );
    const suppressed = (yield* query(sql`DELETE FROM suppressions WHERE phone = ${phone} RETURNING phone`)).length > 0;
    return { leadIds: ids, codes: codes.length, suppressed };
  },

  /** Erases the feedback sent from this address: its name, address and message go; its date stays, the address as its hash. */
  *email({ email, emailHash }: { email: string; emailHash: string }) {
    const rows = yield* query(
      sql`UPDATE feedback SET name = '', email = ${emailHash}, message = '' WHERE LOWER(email) = ${email.toLowerCase()} RETURNING id`,
    );
    return { feedback: rows.length };
  },

  /** Everything held about one number: its leads with their calls, attempts and marks, its codes, its place on the do-not-call list. */
  *person({ phone, phoneHash }: { phone: string; phoneHash: string }) {
    const rows = yield* query(sql`SELECT ${LEAD_COLUMNS}, ${CALL_COLUMNS}, l.erased_at, m.contacted_at, m.contacted_by
      FROM leads l LEFT JOIN calls c ON c.lead_id = l.id LEFT JOIN lead_marks m ON m.lead_id = l.id
      WHERE l.phone = ${phone} OR l.phone_hash = ${phoneHash} ORDER BY l.id`);
    const leads = [];
    for (const r of rows) {
      const attempts = yield* query(
        sql`SELECT attempt, started_at, finished_at, outcome, error FROM call_attempts WHERE lead_id = ${r.id} ORDER BY attempt`,
      );
      leads.push({
        ...leadOf(r),
        erasedAt: iso(r.erased_at),
        call: callOf(r),
        attempts: attempts.map((a) => ({
          attempt: num(a.attempt),
          startedAt: iso(a.started_at),
          finishedAt: iso(a.finished_at),
          outcome: a.outcome ?? null,
          error: a.error ?? null,
        })),
        contacted:
          r.contacted_at === null || r.contacted_at === undefined
            ? null
            : { at: iso(r.contacted_at), by: String(r.contacted_by) },
      });
    }
    const codes = yield* query(
      sql`SELECT created_at, expires_at, consumed_at, client_ip FROM otp_codes WHERE phone = ${phone} ORDER BY created_at`,
    );
    const listed = yield* one(
      sql`SELECT reason, created_at FROM suppressions WHERE phone = ${phone} OR phone = ${phoneHash}`,
    );
    return {
      leads,
      codes: codes.map((c) => ({
        createdAt: iso(c.created_at),
        expiresAt: iso(c.expires_at),
        usedAt: iso(c.consumed_at),
        clientIp: c.client_ip ?? null,
      })),
      doNotCall: listed ? { reason: String(listed.reason), since: iso(listed.created_at) } : null,
    };
  },
};
