// Erasure and access for one person (docs/operations.md#erasure-and-access). Erasing keeps what the
// business may keep without the person: the lead's dates, agent, campaign, consent version and the
// consent text's hash, the call's outcome, the marks; and in place of the number its keyed hash
// (made by the caller, who holds the key), so the do-not-call list still refuses it. Everything that
// names or reaches the person goes, CRM events included; the CRM hears `lead.erased` instead.
import { randomUUID } from 'node:crypto';
import { erasedPayload } from '../../../model/crm-events.ts';
import { sql } from 'kysely';
import { db, num, one, query, reads } from '../query.ts';
import { demoRecord } from './lead-demos.ts';
import { CALL_COLUMNS, callOf, LEAD_COLUMNS, leadOf } from './rows.ts';
import { isoOf } from './times.ts';

const iso = (ms: unknown) => (ms === null || ms === undefined ? null : new Date(num(ms)).toISOString());

export const erasure = {
  /** Erases every lead with this number (or its hash), its codes and its place on the do-not-call list (kept as the hash). */
  *phone({ phone, phoneHash, now, deliver }: { phone: string; phoneHash: string; now: number; deliver: boolean }) {
    const found = yield* query(
      db
        .selectFrom('leads')
        .select((eb) => [
          'id',
          'agent_id',
          'created_ms',
          'demo_session_id',
          eb.case().when('created_ms', 'is', null).then(eb.ref('created_at')).end().as('created_at'),
        ])
        .where((eb) => eb.or([eb('phone', '=', phone), eb('phone_hash', '=', phoneHash)]))
        .where('erased_at', 'is', null)
        .orderBy('id'),
    );
    const ids = found.map((r) => num(r.id));
    // The demos they tried first go whole (transcript, summary, page): nothing of them is kept for counting.
    const demoIds = found.flatMap((r) => (r.demo_session_id ? [r.demo_session_id] : []));
    const demos = demoIds.length
      ? (yield* query(db.deleteFrom('demo_sessions').where('id', 'in', demoIds).returning('id'))).length
      : 0;
    if (ids.length) {
      yield* one(
        db
          .updateTable('leads')
          .set({
            name: '',
            phone: '',
            phone_hash: phoneHash,
            consent_text: '',
            client_ip: '',
            user_agent: null,
            page_url: null,
            referrer: null,
            time_zone: null,
            utm_term: null,
            utm_content: null,
            gclid: null,
            fbclid: null,
            metadata: '{}',
            // The provider keeps the demo's call under this id: it would lead back to the person's words.
            demo_session_id: null,
            erased_at: now,
          })
          .where('id', 'in', ids),
      );
      // A call not yet placed never will be; one placed keeps its outcome, and no later report of it can bring its content back.
      const waiting = ['pending', 'scheduled', 'retrying'];
      yield* one(
        db
          .updateTable('calls')
          .set((eb) => ({
            failure_reason: eb.case().when('status', 'in', waiting).then('erased').else(eb.ref('failure_reason')).end(),
            status: eb.case().when('status', 'in', waiting).then('failed').else(eb.ref('status')).end(),
            transcript: null,
            summary: null,
            recording_url: null,
            success_evaluation: null,
            last_error: null,
            provider_call_id: null,
            next_attempt_at: null,
            lease_until: null,
            check_at: null,
            updated_at: now,
          }))
          .where('lead_id', 'in', ids),
      );
      yield* one(
        db
          .updateTable('call_attempts')
          .set((eb) => ({
            error: null,
            provider_call_id: null,
            outcome: eb.case().when('outcome', 'like', 'placed%').then('placed').else(eb.ref('outcome')).end(),
          }))
          .where('lead_id', 'in', ids),
      );
      yield* one(db.deleteFrom('outbox').where('lead_id', 'in', ids));
      // A search would still find the person by their name's words and their number's digits.
      yield* one(db.deleteFrom('lead_search').where('lead_id', 'in', ids));
      if (deliver) {
        for (const r of found) {
          const deliveryId = randomUUID();
          const payload = erasedPayload(deliveryId, now, {
            id: num(r.id),
            agentId: String(r.agent_id),
            createdAt: isoOf(r.created_ms, r.created_at) ?? '',
          });
          yield* one(
            db.insertInto('outbox').values({
              lead_id: num(r.id),
              event: 'lead.erased',
              delivery_id: deliveryId,
              payload,
              next_attempt_at: 0,
            }),
          );
        }
      }
    }
    const codes = yield* query(db.deleteFrom('otp_codes').where('phone', '=', phone).returning('id'));
    yield* one(
      db
        .insertInto('suppressions')
        .columns(['phone', 'reason', 'created_at'])
        .expression(
          db
            .selectFrom('suppressions')
            .select([sql.val(phoneHash).as('phone'), 'reason', 'created_at'])
            .where('phone', '=', phone),
        )
        .onConflict((oc) => oc.column('phone').doNothing()),
    );
    const suppressed =
      (yield* query(db.deleteFrom('suppressions').where('phone', '=', phone).returning('phone'))).length > 0;
    return { leadIds: ids, codes: codes.length, suppressed, demos };
  },

  /** Erases the feedback sent from this address: its name, address and message go; its date stays, the address as its hash. */
  *email({ email, emailHash }: { email: string; emailHash: string }) {
    const rows = yield* query(
      db
        .updateTable('feedback')
        .set({ name: '', email: emailHash, message: '' })
        .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
        .returning('id'),
    );
    return { feedback: rows.length };
  },

  /** Everything held about one number: its leads with their calls, attempts, marks and demos, its codes, its place on the do-not-call list. */
  person: reads(function* ({ phone, phoneHash }: { phone: string; phoneHash: string }) {
    const rows = yield* query(
      db
        .selectFrom('leads as l')
        .leftJoin('calls as c', 'c.lead_id', 'l.id')
        .leftJoin('lead_marks as m', 'm.lead_id', 'l.id')
        .select([
          ...LEAD_COLUMNS,
          ...CALL_COLUMNS,
          'l.erased_at',
          'l.demo_session_id',
          'm.contacted_at',
          'm.contacted_by',
        ])
        .where((eb) => eb.or([eb('l.phone', '=', phone), eb('l.phone_hash', '=', phoneHash)]))
        .orderBy('l.id'),
    );
    const leads = [];
    for (const r of rows) {
      const attempts = yield* query(
        db
          .selectFrom('call_attempts')
          .select(['attempt', 'started_at', 'finished_at', 'outcome', 'error'])
          .where('lead_id', '=', r.id)
          .orderBy('attempt'),
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
        // The web demo tried from the same tab before asking; null once gone (erased, or past DEMO_RETENTION_DAYS).
        demo: yield* demoRecord(r.demo_session_id),
      });
    }
    const codes = yield* query(
      db
        .selectFrom('otp_codes')
        .select(['created_at', 'expires_at', 'consumed_at', 'client_ip'])
        .where('phone', '=', phone)
        .orderBy('created_at'),
    );
    const listed = yield* one(
      db.selectFrom('suppressions').select(['reason', 'created_at']).where('phone', 'in', [phone, phoneHash]),
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
  }),
};
