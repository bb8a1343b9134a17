// The sales desk: its accounts, their sessions, failed sign-ins (the lock-out) and who marked a lead
// contacted; the leads and feedback as the desk lists them (newest first), and one cheap "what changed"
// figure the open desks poll. Only hashes of passwords and session tokens are stored.
import { TO_CALL_OUTCOMES } from '../../../model/call-outcomes.ts';
import type { MarkEvent } from '../../../model/desk.ts';
import { fragment, join, lock, num, numOrNull, one, query, sql, type Sql } from '../sql.ts';
import { FEEDBACK_READ, feedbackOf, feedbackRange } from './feedback.ts';
import { indexTerms } from './leads.ts';
import { CALL_COLUMNS, callOf, EXPORT_CALL_COLUMNS, LEAD_COLUMNS, leadOf, leadWhere } from './rows.ts';

export type DeskRole = 'admin' | 'agent';
export type DeskUser = { id: number; email: string; passwordHash: string; role: DeskRole };
export type DeskSession = { userId: number; email: string; role: DeskRole; createdAt: number; expiresAt: number };
export type Contacted = { at: string; by: string } | null;
/**
 * A desk list: filters, `search` (term prefixes that must all match, ../../model/search.ts), the To call
 * queue, and `before` (a cursor: only leads older than that id).
 */
export type DeskLeadFilter = {
  from?: string;
  to?: string;
  agentId?: string;
  callStatus?: string;
  outcome?: string;
  search?: string[];
  toCall?: boolean;
  before?: number;
  limit?: number;
  /** `export`: the columns the CSV writes (never a transcript), for the desk's download of the same list. */
  fields?: 'list' | 'export';
};
export type { MarkEvent };
export type DeskFeedbackFilter = { from?: string; to?: string; limit?: number };

const contactedOf = (r: Record<string, unknown>): Contacted =>
  r.contacted_at === null || r.contacted_at === undefined
    ? null
    : { at: new Date(num(r.contacted_at)).toISOString(), by: String(r.contacted_by) };

/** The first text after every text that starts with `prefix` (byte order: PostgreSQL's column is COLLATE "C"). */
const after = (prefix: string) =>
  prefix.slice(0, -1) + String.fromCodePoint(prefix.codePointAt(prefix.length - 1)! + 1);

/**
 * A search term's rows of lead_search (as `s`): a name's beginning is one exact term (its leads in id
 * order in the index); a number's digits the range of stored endings that start with them.
 */
const termIs = (term: string, column = fragment('s.term')) =>
  term.startsWith('p:') ? sql`${column} >= ${term} AND ${column} < ${after(term)}` : sql`${column} = ${term}`;
/**
 * Whether the lead `id` has the term: one index seek into its own terms. A scalar subquery with a LIMIT,
 * not EXISTS: PostgreSQL may turn EXISTS into a join that sorts every lead with the term, by its sample's
 * statistics; this it keeps as a probe per lead.
 */
const hasTerm = (term: string, id: Sql) =>
  sql`(SELECT 1 FROM lead_search x WHERE x.lead_id = ${id} AND ${termIs(term, fragment('x.term'))} LIMIT 1) IS NOT NULL`;
/**
 * Below this many leads a search term drives the list (its leads, the other terms and filters checked
 * for each); above it every lead matches often enough (1 in 100 at a million) that the list walks its
 * own order newest first and checks each lead's terms, reaching a page within a few thousand leads.
 */
const FEW = 10_000;

/** The latest `max` failures of one key: locked until the newest + `windowMs` when all `max` fell within `windowMs`. */
function lockedUntil(rows: Record<string, unknown>[], max: number, windowMs: number): number | null {
  if (rows.length < max) return null;
  const newest = num(rows[0].at);
  const oldest = num(rows[max - 1].at);
  return newest - oldest <= windowMs ? newest + windowMs : null;
}

/** The leads (with calls and marks) that `where` picks, newest first by `order`. */
function* listed(
  where: Sql,
  order: Sql,
  limit: number,
  fields: DeskLeadFilter['fields'],
  source: Sql = sql`leads l LEFT JOIN calls c ON c.lead_id = l.id`,
) {
  // The marks are looked up for the page's leads only (PostgreSQL evaluates these after its sort and limit;
  // a join read every mark to sort a date range's leads).
  const rows =
    yield* query(sql`SELECT ${LEAD_COLUMNS}, ${fields === 'export' ? EXPORT_CALL_COLUMNS : CALL_COLUMNS}, c.outcome,
      (SELECT m.contacted_at FROM lead_marks m WHERE m.lead_id = l.id) AS contacted_at, (SELECT m.contacted_by FROM lead_marks m WHERE m.lead_id = l.id) AS contacted_by
    FROM ${source} WHERE ${where} ORDER BY ${order} DESC LIMIT ${limit}`);
  return rows.map((r) => ({
    lead: leadOf(r),
    call: callOf(r),
    outcome: (r.outcome as string | null) ?? null,
    contacted: contactedOf(r),
  }));
}

function* marksOf(leadId: number) {
  const rows = yield* query(
    sql`SELECT action, by_email, at FROM lead_mark_events WHERE lead_id = ${leadId} ORDER BY id`,
  );
  return rows.map((r): MarkEvent => ({
    action: r.action as MarkEvent['action'],
    by: String(r.by_email),
    at: new Date(num(r.at)).toISOString(),
  }));
}

export const desk = {
  /** A new account; `exists` when the email has one. */
  *addUser({
    email,
    passwordHash,
    now,
    role = 'agent',
  }: {
    email: string;
    passwordHash: string;
    now: number;
    role?: DeskRole;
  }) {
    const row =
      yield* one(sql`INSERT INTO desk_users (email, password_hash, created_at, role) VALUES (${email}, ${passwordHash}, ${now}, ${role})
      ON CONFLICT (email) DO NOTHING RETURNING id`);
    return row ? { id: num(row.id) } : ('exists' as const);
  },

  /** Removes an account and ends its sessions at once; false when there was none. */
  *removeUser({ email }: { email: string }) {
    const user = yield* one(sql`SELECT id FROM desk_users WHERE email = ${email}`);
    if (!user) return false;
    yield* one(sql`DELETE FROM desk_sessions WHERE user_id = ${user.id}`);
    yield* one(sql`DELETE FROM desk_users WHERE id = ${user.id}`);
    return true;
  },

  *listUsers({ now }: { now: number }) {
    const rows =
      yield* query(sql`SELECT u.email, u.created_at, u.role, (SELECT COUNT(*) FROM desk_sessions s WHERE s.user_id = u.id AND s.expires_at > ${now}) AS sessions
      FROM desk_users u ORDER BY u.email`);
    return rows.map((r) => ({
      email: String(r.email),
      role: r.role as DeskRole,
      createdAt: new Date(num(r.created_at)).toISOString(),
      sessions: num(r.sessions),
    }));
  },

  *userByEmail({ email }: { email: string }) {
    const r = yield* one(sql`SELECT id, email, password_hash, role FROM desk_users WHERE email = ${email}`);
    return r
      ? ({ id: num(r.id), email: String(r.email), passwordHash: String(r.password_hash), role: r.role } as DeskUser)
      : null;
  },

  /** Until when sign-ins for this email or from this client are refused (null: they are not). */
  *lockout({
    email,
    clientIp,
    now,
    max,
    windowMs,
  }: {
    email: string;
    clientIp: string;
    now: number;
    max: number;
    windowMs: number;
  }) {
    const since = now - 2 * windowMs;
    const byEmail = yield* query(
      sql`SELECT at FROM desk_login_failures WHERE email = ${email} AND at > ${since} ORDER BY at DESC LIMIT ${max}`,
    );
    const byClient = yield* query(
      sql`SELECT at FROM desk_login_failures WHERE client_ip = ${clientIp} AND at > ${since} ORDER BY at DESC LIMIT ${max}`,
    );
    const until = Math.max(lockedUntil(byEmail, max, windowMs) ?? 0, lockedUntil(byClient, max, windowMs) ?? 0);
    return until > now ? until : null;
  },

  /**
   * Counts a sign-in try before its password is checked: refused (`locked`) when this email or this client
   * already has `max` tries within `windowMs`, else written down as a failure until `createSession` takes
   * it back. Both keys are locked, the account's first on every instance, so parallel tries (on any
   * instance) are counted one after another and no more than `max` are ever checked.
   */
  *beginSignIn({
    email,
    clientIp,
    now,
    max,
    windowMs,
    keepMs,
  }: {
    email: string;
    clientIp: string;
    now: number;
    max: number;
    windowMs: number;
    keepMs: number;
  }) {
    yield* lock(`desk-sign-in:account:${email}`);
    yield* lock(`desk-sign-in:client:${clientIp}`);
    const locked = yield* desk.lockout({ email, clientIp, now, max, windowMs });
    if (locked) return { locked };
    yield* one(sql`DELETE FROM desk_login_failures WHERE at < ${now - keepMs}`);
    const row = yield* one(
      sql`INSERT INTO desk_login_failures (email, client_ip, at) VALUES (${email}, ${clientIp}, ${now}) RETURNING id`,
    );
    return { attempt: num(row?.id) };
  },

  /** How many sign-in tries of this account, and from this client, count as failures since `since`. */
  *failures({ email, clientIp, since }: { email: string; clientIp: string; since: number }) {
    const r =
      yield* one(sql`SELECT (SELECT COUNT(*) FROM desk_login_failures WHERE email = ${email} AND at >= ${since}) AS account,
      (SELECT COUNT(*) FROM desk_login_failures WHERE client_ip = ${clientIp} AND at >= ${since}) AS client`);
    return { account: num(r?.account), client: num(r?.client) };
  },

  /** Stores a session by its token's hash (and drops expired ones); the sign-in try it ends no longer counts as a failure. */
  *createSession({
    tokenHash,
    userId,
    now,
    expiresAt,
    attempt,
  }: {
    tokenHash: string;
    userId: number;
    now: number;
    expiresAt: number;
    attempt?: number;
  }) {
    if (attempt !== undefined) yield* one(sql`DELETE FROM desk_login_failures WHERE id = ${attempt}`);
    yield* one(sql`DELETE FROM desk_sessions WHERE expires_at <= ${now}`);
    yield* one(
      sql`INSERT INTO desk_sessions (token_hash, user_id, created_at, expires_at) VALUES (${tokenHash}, ${userId}, ${now}, ${expiresAt})`,
    );
  },

  /** The live session with this token hash, with its account; null when unknown or expired. */
  *session({ tokenHash, now }: { tokenHash: string; now: number }) {
    const r =
      yield* one(sql`SELECT s.user_id, s.created_at, s.expires_at, u.email, u.role FROM desk_sessions s JOIN desk_users u ON u.id = s.user_id
      WHERE s.token_hash = ${tokenHash} AND s.expires_at > ${now}`);
    return r
      ? ({
          userId: num(r.user_id),
          email: String(r.email),
          role: r.role as DeskRole,
          createdAt: num(r.created_at),
          expiresAt: num(r.expires_at),
        } as DeskSession)
      : null;
  },

  *endSession({ tokenHash }: { tokenHash: string }) {
    const r = yield* one(sql`DELETE FROM desk_sessions WHERE token_hash = ${tokenHash} RETURNING user_id`);
    return Boolean(r);
  },

  /**
   * Leads with their calls and marks, newest first, `limit` of them from the cursor. Each list walks an
   * index in id order or sorts a few thousand ids at most: a search its rarest term's leads (first counted,
   * up to FEW), the To call list and an outcome calls' indexes, the rest the leads' own ids, checking
   * common search terms per lead. Filters reach the SQL as values only.
   */
  *leads({ from, to, agentId, callStatus, outcome, search, toCall, before, limit = 500, fields }: DeskLeadFilter) {
    const filtered = Boolean(from || to || agentId || callStatus || outcome || toCall);
    const conditions = [
      yield* leadWhere({ from, to, agentId, callStatus }),
      ...(outcome ? [sql`c.outcome = ${outcome}`] : []),
      ...(toCall ? [sql`c.to_call = 1`] : []),
    ];
    const terms = [];
    for (const term of search ?? []) {
      const r = yield* one(
        sql`SELECT COUNT(*) AS n FROM (SELECT 1 FROM lead_search s WHERE ${termIs(term)} LIMIT ${FEW}) found`,
      );
      terms.push({ term, n: num(r?.n) });
    }
    terms.sort((x, y) => x.n - y.n);
    const [rarest, ...others] = terms;
    if (rarest && (rarest.n < FEW || (!filtered && !rarest.term.startsWith('p:')))) {
      // The rarest term's leads pick the page (a name's already newest first; a number's few sorted), then
      // those leads are read.
      const checks = [
        ...others.map((o) => hasTerm(o.term, fragment('d.lead_id'))),
        ...(before ? [sql`d.lead_id < ${before}`] : []),
      ];
      const rows = filtered
        ? sql`lead_search d CROSS JOIN leads l LEFT JOIN calls c ON c.lead_id = l.id WHERE l.id = d.lead_id AND ${join([...conditions, ...checks], ' AND ')}`
        : sql`lead_search d WHERE ${join(checks, ' AND ', '1 = 1')}`;
      const distinct = rarest.term.startsWith('p:') ? sql`DISTINCT ` : sql``;
      const ids = sql`SELECT ${distinct}d.lead_id FROM ${rows} AND ${termIs(rarest.term, fragment('d.term'))} ORDER BY d.lead_id DESC LIMIT ${limit}`;
      return yield* listed(sql`l.id IN (${ids})`, fragment('l.id'), limit, fields);
    }
    // The table the order comes from leads the join (CROSS JOIN keeps SQLite's planner to that order): a call's
    // state, outcome or queue walks the calls' indexes (status, outcome, to_call with lead_id), the rest the leads' ids.
    const [source, order] =
      toCall || outcome || callStatus
        ? [sql`calls c CROSS JOIN leads l`, fragment('c.lead_id')]
        : [sql`leads l LEFT JOIN calls c ON c.lead_id = l.id`, fragment('l.id')];
    if (toCall || outcome || callStatus) conditions.push(sql`l.id = c.lead_id`);
    if (before) conditions.push(sql`${order} < ${before}`);
    conditions.push(...terms.map((t) => hasTerm(t.term, order)));
    return yield* listed(join(conditions, ' AND '), order, limit, fields, source);
  },

  /** One lead with its call, its mark and every mark and undo, oldest first. */
  *lead({ id }: { id: number }) {
    const r = yield* one(sql`SELECT ${LEAD_COLUMNS}, ${CALL_COLUMNS}, c.outcome, m.contacted_at, m.contacted_by
      FROM leads l LEFT JOIN calls c ON c.lead_id = l.id LEFT JOIN lead_marks m ON m.lead_id = l.id WHERE l.id = ${id}`);
    if (!r) return null;
    return {
      lead: leadOf(r),
      call: callOf(r),
      outcome: (r.outcome as string | null) ?? null,
      contacted: contactedOf(r),
      marks: yield* marksOf(id),
    };
  },

  /** Marks a lead contacted by `by` (a standing mark stays as it is); null when there is no such lead. */
  *markContacted({ leadId, by, now }: { leadId: number; by: string; now: number }) {
    if (!(yield* one(sql`SELECT 1 AS found FROM leads WHERE id = ${leadId}`))) return null;
    const made = yield* query(
      sql`INSERT INTO lead_marks (lead_id, contacted_at, contacted_by) VALUES (${leadId}, ${now}, ${by}) ON CONFLICT (lead_id) DO NOTHING RETURNING lead_id`,
    );
    if (made.length) {
      yield* one(
        sql`INSERT INTO lead_mark_events (lead_id, action, by_email, at) VALUES (${leadId}, 'marked', ${by}, ${now})`,
      );
      yield* one(sql`UPDATE calls SET to_call = 0 WHERE lead_id = ${leadId}`);
    }
    const r = yield* one(sql`SELECT contacted_at, contacted_by FROM lead_marks WHERE lead_id = ${leadId}`);
    return { contacted: contactedOf(r!), marks: yield* marksOf(leadId) };
  },

  /** Undoes a lead's mark (`by` is kept in its history; the lead returns to the To call list where it belongs); null when there is no such lead. */
  *unmarkContacted({ leadId, by, now }: { leadId: number; by: string; now: number }) {
    if (!(yield* one(sql`SELECT 1 AS found FROM leads WHERE id = ${leadId}`))) return null;
    const undone = yield* query(sql`DELETE FROM lead_marks WHERE lead_id = ${leadId} RETURNING lead_id`);
    if (undone.length) {
      yield* one(
        sql`INSERT INTO lead_mark_events (lead_id, action, by_email, at) VALUES (${leadId}, 'undone', ${by}, ${now})`,
      );
      yield* one(
        sql`UPDATE calls SET to_call = CASE WHEN outcome IN (${join(
          TO_CALL_OUTCOMES.map((o) => sql`${o}`),
          ', ',
        )}) THEN 1 ELSE 0 END WHERE lead_id = ${leadId}`,
      );
    }
    return { contacted: null as Contacted, marks: yield* marksOf(leadId) };
  },

  /** Stores the search terms of leads stored before searches were (newest first, `limit` at a time); the number indexed, 0 when done. */
  *indexOlderLeads({ limit }: { limit: number }) {
    const below = num((yield* one(sql`SELECT value FROM settings WHERE key = 'lead-search-below'`))?.value);
    const rows = yield* query(
      sql`SELECT id, name, phone FROM leads WHERE id < ${below} ORDER BY id DESC LIMIT ${limit}`,
    );
    for (const r of rows) yield* indexTerms(num(r.id), String(r.name), String(r.phone));
    if (rows.length)
      yield* one(sql`UPDATE settings SET value = ${String(num(rows.at(-1)!.id))} WHERE key = 'lead-search-below'`);
    return rows.length;
  },

  *feedback({ from, to, limit = 500 }: DeskFeedbackFilter) {
    const where = yield* feedbackRange({ from, to });
    const rows = yield* query(
      sql`SELECT ${FEEDBACK_READ} FROM feedback WHERE ${join(where, ' AND ', '1 = 1')} ORDER BY id DESC LIMIT ${limit}`,
    );
    return rows.map(feedbackOf);
  },

  /**
   * One figure that changes whenever the desk's lists would: a new lead, a call's progress, a mark, new
   * feedback. Maxima over indexed columns, so an open desk can ask every few seconds.
   */
  *version() {
    const r = yield* one(sql`SELECT (SELECT MAX(id) FROM leads) AS leads, (SELECT MAX(updated_at) FROM calls) AS calls,
      (SELECT MAX(id) FROM lead_mark_events) AS marks, (SELECT MAX(id) FROM feedback) AS feedback`);
    return [r?.leads, r?.calls, r?.marks, r?.feedback].map((v) => numOrNull(v) ?? 0).join('.');
  },
};
