// The desk's second factor: one TOTP secret per account (stored as the domain hands it: encrypted), the
// newest time step used (a code is taken once), one-time recovery codes (hashes only), and sign-ins half
// done (the password was right; a code, or setting the second factor up, is still to come).
import { db, lock, num, numOrNull, one, query } from '../query.ts';
import type { DeskRole } from './desk-accounts.ts';
import type { Int, Big, BigOrNull } from '../schema.ts';

// The tables it owns, as the queries see them (each column held to the real one by server/tests/schema.test.ts).
export interface DeskPendingSignInsTable {
  token_hash: string;
  user_id: Int;
  next_step: string;
  created_at: Big;
  expires_at: Big;
  client_ip: string | null;
  user_agent: string | null;
}
export interface DeskRecoveryCodesTable {
  user_id: Int;
  code_hash: string;
  used_at: BigOrNull;
}
export interface DeskTwoStepTable {
  user_id: Int;
  secret: string;
  created_at: Big;
  confirmed_at: BigOrNull;
  last_step: BigOrNull;
}
declare module '../schema.ts' {
  interface Database {
    desk_pending_sign_ins: DeskPendingSignInsTable;
    desk_recovery_codes: DeskRecoveryCodesTable;
    desk_two_step: DeskTwoStepTable;
  }
}

export type NextStep = 'code' | 'setup';
export type TwoStepState = {
  secret: string;
  confirmedAt: number | null;
  lastStep: number | null;
  recoveryLeft: number;
};
export type PendingSignIn = {
  userId: number;
  email: string;
  role: DeskRole;
  next: NextStep;
  expiresAt: number;
  clientIp: string | null;
  userAgent: string | null;
};

const lockOf = (userId: number) => lock(`desk-two-step:${userId}`);

export const twoStep = {
  /** An account's second factor (set up or begun), with how many recovery codes are still unused; null: none. */
  *of({ userId }: { userId: number }) {
    const r = yield* one(
      db
        .selectFrom('desk_two_step as t')
        .select((eb) => [
          't.secret',
          't.confirmed_at',
          't.last_step',
          eb
            .selectFrom('desk_recovery_codes as c')
            .select((c) => c.fn.countAll().as('n'))
            .whereRef('c.user_id', '=', 't.user_id')
            .where('c.used_at', 'is', null)
            .as('left'),
        ])
        .where('t.user_id', '=', userId),
    );
    return r
      ? ({
          secret: String(r.secret),
          confirmedAt: numOrNull(r.confirmed_at),
          lastStep: numOrNull(r.last_step),
          recoveryLeft: num(r.left),
        } satisfies TwoStepState)
      : null;
  },

  /** A new secret to confirm, replacing one begun before; `on` (nothing changed) when one is already confirmed. */
  *begin({ userId, secret, now }: { userId: number; secret: string; now: number }) {
    yield* lockOf(userId);
    const found = yield* one(db.selectFrom('desk_two_step').select('confirmed_at').where('user_id', '=', userId));
    if (found && numOrNull(found.confirmed_at) !== null) return 'on' as const;
    yield* one(db.deleteFrom('desk_two_step').where('user_id', '=', userId));
    yield* one(db.insertInto('desk_two_step').values({ user_id: userId, secret, created_at: now }));
    return 'begun' as const;
  },

  /**
   * Turns the begun second factor on, its code's `step` used, with these recovery codes (any before are
   * dropped), and ends the account's sessions but `keep`: how many ended; null when none was begun.
   */
  *confirm({
    userId,
    step,
    codeHashes,
    now,
    keep,
  }: {
    userId: number;
    step: number;
    codeHashes: string[];
    now: number;
    keep?: string;
  }) {
    yield* lockOf(userId);
    const turned = yield* one(
      db
        .updateTable('desk_two_step')
        .set({ confirmed_at: now, last_step: step })
        .where('user_id', '=', userId)
        .where('confirmed_at', 'is', null)
        .returning('user_id'),
    );
    if (!turned) return null;
    yield* one(db.deleteFrom('desk_recovery_codes').where('user_id', '=', userId));
    yield* one(
      db.insertInto('desk_recovery_codes').values(codeHashes.map((code_hash) => ({ user_id: userId, code_hash }))),
    );
    const ended = yield* query(
      db
        .deleteFrom('desk_sessions')
        .where('user_id', '=', userId)
        .$if(keep !== undefined, (q) => q.where('token_hash', '<>', keep!))
        .returning('token_hash'),
    );
    return { ended: ended.length };
  },

  /** Replaces the recovery codes of a second factor that is on (every one before stops working): false when it is off. */
  *replaceRecoveryCodes({ userId, codeHashes }: { userId: number; codeHashes: string[] }) {
    yield* lockOf(userId);
    const on = yield* one(
      db
        .selectFrom('desk_two_step')
        .select('user_id')
        .where('user_id', '=', userId)
        .where('confirmed_at', 'is not', null),
    );
    if (!on) return false;
    yield* one(db.deleteFrom('desk_recovery_codes').where('user_id', '=', userId));
    yield* one(
      db.insertInto('desk_recovery_codes').values(codeHashes.map((code_hash) => ({ user_id: userId, code_hash }))),
    );
    return true;
  },

  /** Takes a time step's code: false when that step, or a later one, was already used (a replay). */
  *useStep({ userId, step }: { userId: number; step: number }) {
    const r = yield* one(
      db
        .updateTable('desk_two_step')
        .set({ last_step: step })
        .where('user_id', '=', userId)
        .where('confirmed_at', 'is not', null)
        .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
        .returning('user_id'),
    );
    return Boolean(r);
  },

  /** Uses a recovery code once: how many are left after it, or null when it is none of the account's unused ones. */
  *useRecoveryCode({ userId, codeHash, now }: { userId: number; codeHash: string; now: number }) {
    const used = yield* one(
      db
        .updateTable('desk_recovery_codes')
        .set({ used_at: now })
        .where('user_id', '=', userId)
        .where('code_hash', '=', codeHash)
        .where('used_at', 'is', null)
        .returning('user_id'),
    );
    if (!used) return null;
    const left = yield* one(
      db
        .selectFrom('desk_recovery_codes')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('user_id', '=', userId)
        .where('used_at', 'is', null),
    );
    return num(left?.n);
  },

  /** Removes an account's second factor, its recovery codes and half-done sign-ins: whether it was on. */
  *remove({ userId }: { userId: number }) {
    yield* lockOf(userId);
    const removed = yield* one(db.deleteFrom('desk_two_step').where('user_id', '=', userId).returning('confirmed_at'));
    yield* one(db.deleteFrom('desk_recovery_codes').where('user_id', '=', userId));
    yield* one(db.deleteFrom('desk_pending_sign_ins').where('user_id', '=', userId));
    return removed !== undefined && numOrNull(removed.confirmed_at) !== null;
  },

  /** A half-done sign-in by its token's hash (expired ones are dropped). */
  *startPending({
    tokenHash,
    userId,
    next,
    now,
    expiresAt,
    clientIp,
    userAgent,
  }: {
    tokenHash: string;
    userId: number;
    next: NextStep;
    now: number;
    expiresAt: number;
    clientIp: string;
    userAgent: string | null;
  }) {
    yield* one(db.deleteFrom('desk_pending_sign_ins').where('expires_at', '<=', now));
    yield* one(
      db.insertInto('desk_pending_sign_ins').values({
        token_hash: tokenHash,
        user_id: userId,
        next_step: next,
        created_at: now,
        expires_at: expiresAt,
        client_ip: clientIp,
        user_agent: userAgent?.slice(0, 400) ?? null,
      }),
    );
  },

  /** The live half-done sign-in with this token hash, with its account; null when unknown or expired. */
  *pending({ tokenHash, now }: { tokenHash: string; now: number }) {
    const r = yield* one(
      db
        .selectFrom('desk_pending_sign_ins as p')
        .innerJoin('desk_users as u', 'u.id', 'p.user_id')
        .select(['p.user_id', 'p.next_step', 'p.expires_at', 'p.client_ip', 'p.user_agent', 'u.email', 'u.role'])
        .where('p.token_hash', '=', tokenHash)
        .where('p.expires_at', '>', now),
    );
    return r
      ? ({
          userId: num(r.user_id),
          email: String(r.email),
          role: r.role as DeskRole,
          next: r.next_step as NextStep,
          expiresAt: num(r.expires_at),
          clientIp: r.client_ip === null ? null : String(r.client_ip),
          userAgent: r.user_agent === null ? null : String(r.user_agent),
        } satisfies PendingSignIn)
      : null;
  },

  *endPending({ tokenHash }: { tokenHash: string }) {
    yield* one(db.deleteFrom('desk_pending_sign_ins').where('token_hash', '=', tokenHash));
  },
};
