// The sales desk's accounts: their sessions (only hashes of passwords and session tokens are stored) and
// failed sign-ins (the lock-out, shared by instances).
import { db, lock, num, one, query, reads } from '../query.ts';
import type { Int, Big, BigOrNull } from '../schema.ts';
import type { Generated } from 'kysely';

// The tables it owns, as the queries see them (each column held to the real one by server/tests/schema.test.ts).
export interface DeskLoginFailuresTable {
  id: Generated<Int>;
  email: string;
  client_ip: string;
  at: Big;
}
export interface DeskSessionsTable {
  token_hash: string;
  user_id: Int;
  created_at: Big;
  expires_at: Big;
  last_seen_at: BigOrNull;
  client_ip: string | null;
  user_agent: string | null;
}
export interface DeskUsersTable {
  id: Generated<Int>;
  email: string;
  password_hash: string;
  created_at: Big;
  role: Generated<string>;
}
declare module '../schema.ts' {
  interface Database {
    desk_login_failures: DeskLoginFailuresTable;
    desk_sessions: DeskSessionsTable;
    desk_users: DeskUsersTable;
  }
}

export type DeskRole = 'admin' | 'agent';
export type DeskUser = { id: number; email: string; passwordHash: string; role: DeskRole };
export type DeskSession = {
  userId: number;
  email: string;
  role: DeskRole;
  createdAt: number;
  expiresAt: number;
  /** The hash of the token it was found by (set by `session`). */
  tokenHash?: string;
  /** When it was last used (written at most once a minute); null before it was ever written. */
  lastSeenAt?: number | null;
};

/** The latest `max` failures of one key: locked until the newest + `windowMs` when all `max` fell within `windowMs`. */
function lockedUntil(rows: Record<string, unknown>[], max: number, windowMs: number): number | null {
  if (rows.length < max) return null;
  const newest = num(rows[0].at);
  const oldest = num(rows[max - 1].at);
  return newest - oldest <= windowMs ? newest + windowMs : null;
}

export const accounts = {
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
    const row = yield* one(
      db
        .insertInto('desk_users')
        .values({ email, password_hash: passwordHash, created_at: now, role })
        .onConflict((oc) => oc.column('email').doNothing())
        .returning('id'),
    );
    return row ? { id: num(row.id) } : ('exists' as const);
  },

  /** Removes an account and ends its sessions at once; false when there was none. */
  *removeUser({ email }: { email: string }) {
    const user = yield* one(db.selectFrom('desk_users').select('id').where('email', '=', email));
    if (!user) return false;
    yield* one(db.deleteFrom('desk_sessions').where('user_id', '=', user.id));
    for (const table of ['desk_pending_sign_ins', 'desk_recovery_codes', 'desk_two_step'] as const)
      yield* one(db.deleteFrom(table).where('user_id', '=', user.id));
    yield* one(db.deleteFrom('desk_users').where('id', '=', user.id));
    return true;
  },

  listUsers: reads(function* ({ now }: { now: number }) {
    const rows = yield* query(
      db
        .selectFrom('desk_users as u')
        // One row per account (desk_two_step's key is user_id): whether its second factor is on, in this query.
        .leftJoin('desk_two_step as t', 't.user_id', 'u.id')
        .select((eb) => [
          'u.id',
          'u.email',
          'u.created_at',
          'u.role',
          't.confirmed_at as two_step_since',
          eb
            .selectFrom('desk_sessions as s')
            .select((s) => s.fn.countAll().as('n'))
            .whereRef('s.user_id', '=', 'u.id')
            .where('s.expires_at', '>', now)
            .as('sessions'),
        ])
        .orderBy('u.email'),
    );
    return rows.map((r) => ({
      id: num(r.id),
      email: String(r.email),
      role: r.role as DeskRole,
      createdAt: new Date(num(r.created_at)).toISOString(),
      sessions: num(r.sessions),
      twoStepOn: r.two_step_since !== null && r.two_step_since !== undefined,
    }));
  }),

  *userByEmail({ email }: { email: string }) {
    const r = yield* one(
      db.selectFrom('desk_users').select(['id', 'email', 'password_hash', 'role']).where('email', '=', email),
    );
    return r
      ? ({ id: num(r.id), email: String(r.email), passwordHash: String(r.password_hash), role: r.role } as DeskUser)
      : null;
  },

  /**
   * Gives an account a role; `missing` when there is none, `last-admin` when it is the only admin and
   * would become an agent (the desk keeps at least one admin). Role changes take one another's turn.
   */
  *setRole({ email, role }: { email: string; role: DeskRole }) {
    yield* lock('desk-roles');
    const user = yield* one(db.selectFrom('desk_users').select(['id', 'role']).where('email', '=', email));
    if (!user) return 'missing' as const;
    const from = user.role as DeskRole;
    if (from === role) return { from, changed: false };
    if (from === 'admin') {
      const admins = yield* one(
        db
          .selectFrom('desk_users')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('role', '=', 'admin'),
      );
      if (num(admins?.n) <= 1) return 'last-admin' as const;
    }
    yield* one(db.updateTable('desk_users').set({ role }).where('id', '=', user.id));
    return { from, changed: true };
  },

  /**
   * A new password hash; ends the account's sessions but the one with `keep` (all when none), and every
   * half-done sign-in of the account: how many ended.
   */
  *setPassword({ email, passwordHash, keep }: { email: string; passwordHash: string; keep?: string }) {
    const user = yield* one(
      db.updateTable('desk_users').set({ password_hash: passwordHash }).where('email', '=', email).returning('id'),
    );
    if (!user) return null;
    const ended = yield* query(
      db
        .deleteFrom('desk_sessions')
        .where('user_id', '=', user.id)
        .$if(keep !== undefined, (q) => q.where('token_hash', '<>', keep!))
        .returning('token_hash'),
    );
    // A half-done sign-in (the password was right, the second step to come) is a session in the making:
    // one begun with the old password must not finish after the new one is set.
    const pending = yield* query(
      db.deleteFrom('desk_pending_sign_ins').where('user_id', '=', user.id).returning('token_hash'),
    );
    return { ended: ended.length + pending.length };
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
    const latest = db
      .selectFrom('desk_login_failures')
      .select('at')
      .where('at', '>', since)
      .orderBy('at', 'desc')
      .limit(max);
    const byEmail = yield* query(latest.where('email', '=', email));
    const byClient = yield* query(latest.where('client_ip', '=', clientIp));
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
    const locked = yield* accounts.lockout({ email, clientIp, now, max, windowMs });
    if (locked) return { locked };
    yield* one(db.deleteFrom('desk_login_failures').where('at', '<', now - keepMs));
    const row = yield* one(
      db.insertInto('desk_login_failures').values({ email, client_ip: clientIp, at: now }).returning('id'),
    );
    return { attempt: num(row?.id) };
  },

  /** A try `beginSignIn` counted that turned out right (a current password given when changing it). */
  *forgiveAttempt({ attempt }: { attempt: number }) {
    yield* one(db.deleteFrom('desk_login_failures').where('id', '=', attempt));
  },

  /** How many sign-in tries of this account, and from this client, count as failures since `since`. */
  *failures({ email, clientIp, since }: { email: string; clientIp: string; since: number }) {
    const count = db
      .selectFrom('desk_login_failures')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('at', '>=', since);
    const r = yield* one(
      db.selectNoFrom([
        count.where('email', '=', email).as('account'),
        count.where('client_ip', '=', clientIp).as('client'),
      ]),
    );
    return { account: num(r?.account), client: num(r?.client) };
  },

  /** Stores a session by its token's hash (and drops expired ones); the sign-in try it ends no longer counts as a failure. */
  *createSession({
    tokenHash,
    userId,
    now,
    expiresAt,
    attempt,
    clientIp = null,
    userAgent = null,
  }: {
    tokenHash: string;
    userId: number;
    now: number;
    expiresAt: number;
    attempt?: number;
    clientIp?: string | null;
    userAgent?: string | null;
  }) {
    if (attempt !== undefined) yield* one(db.deleteFrom('desk_login_failures').where('id', '=', attempt));
    yield* one(db.deleteFrom('desk_sessions').where('expires_at', '<=', now));
    yield* one(
      db.insertInto('desk_sessions').values({
        token_hash: tokenHash,
        user_id: userId,
        created_at: now,
        expires_at: expiresAt,
        last_seen_at: now,
        client_ip: clientIp,
        user_agent: userAgent?.slice(0, 400) ?? null,
      }),
    );
  },

  /** The live session with this token hash, with its account; null when unknown or expired. */
  session: reads(function* ({ tokenHash, now }: { tokenHash: string; now: number }) {
    const r = yield* one(
      db
        .selectFrom('desk_sessions as s')
        .innerJoin('desk_users as u', 'u.id', 's.user_id')
        .select(['s.user_id', 's.created_at', 's.expires_at', 's.last_seen_at', 'u.email', 'u.role'])
        .where('s.token_hash', '=', tokenHash)
        .where('s.expires_at', '>', now),
    );
    return r
      ? ({
          userId: num(r.user_id),
          email: String(r.email),
          role: r.role as DeskRole,
          createdAt: num(r.created_at),
          expiresAt: num(r.expires_at),
          tokenHash,
          lastSeenAt: r.last_seen_at === null || r.last_seen_at === undefined ? null : num(r.last_seen_at),
        } as DeskSession)
      : null;
  }),

  *endSession({ tokenHash }: { tokenHash: string }) {
    const r = yield* one(db.deleteFrom('desk_sessions').where('token_hash', '=', tokenHash).returning('user_id'));
    return Boolean(r);
  },

  /** Writes down that a session was used, now and from where: once a minute at most (an older mark only). */
  *touchSession({
    tokenHash,
    now,
    clientIp,
    everyMs,
  }: {
    tokenHash: string;
    now: number;
    clientIp: string;
    everyMs: number;
  }) {
    yield* one(
      db
        .updateTable('desk_sessions')
        .set({ last_seen_at: now, client_ip: clientIp })
        .where('token_hash', '=', tokenHash)
        .where((eb) => eb.or([eb('last_seen_at', 'is', null), eb('last_seen_at', '<=', now - everyMs)])),
    );
  },

  /** An account's live sessions, last used first. */
  sessionsOf: reads(function* ({ userId, now }: { userId: number; now: number }) {
    const rows = yield* query(
      db
        .selectFrom('desk_sessions')
        .select(['token_hash', 'created_at', 'expires_at', 'last_seen_at', 'client_ip', 'user_agent'])
        .where('user_id', '=', userId)
        .where('expires_at', '>', now),
    );
    const sessions = rows.map((r) => ({
      tokenHash: String(r.token_hash),
      createdAt: num(r.created_at),
      expiresAt: num(r.expires_at),
      lastSeenAt: r.last_seen_at === null || r.last_seen_at === undefined ? null : num(r.last_seen_at),
      clientIp: r.client_ip === null || r.client_ip === undefined ? null : String(r.client_ip),
      userAgent: r.user_agent === null || r.user_agent === undefined ? null : String(r.user_agent),
    }));
    return sessions.sort((a, b) => (b.lastSeenAt ?? b.createdAt) - (a.lastSeenAt ?? a.createdAt));
  }),

  /**
   * Ends these sessions of one account (others' are never touched), and with `pending` its half-done
   * sign-ins too: how many ended.
   */
  *endSessions({ userId, tokenHashes, pending = false }: { userId: number; tokenHashes: string[]; pending?: boolean }) {
    const ended = tokenHashes.length
      ? yield* query(
          db
            .deleteFrom('desk_sessions')
            .where('user_id', '=', userId)
            .where('token_hash', 'in', tokenHashes)
            .returning('token_hash'),
        )
      : [];
    const half = pending
      ? yield* query(db.deleteFrom('desk_pending_sign_ins').where('user_id', '=', userId).returning('token_hash'))
      : [];
    return ended.length + half.length;
  },
};
