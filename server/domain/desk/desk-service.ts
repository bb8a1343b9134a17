// The desk's accounts and sessions: sign-in with the lock-out, sessions by token (the database keeps
// only the token's SHA-256, so instances share sessions and a stolen database opens none), sign-out.
import { createHash, randomBytes } from 'node:crypto';
import type { DeskSession, DeskUser, NextStep, Store } from '../../storage/index.ts';
import { NO_METER, type Meter } from '../meter.ts';
import { Refusal } from '../refusal.ts';
import { dummyHash, hashPassword, verifyPassword } from './password.ts';
import { passwordProblem } from './password-rule.ts';
import { deviceOf } from './device.ts';

/** Who must have a second factor (DESK_REQUIRE_2FA): admins, everyone, or nobody (anyone may still turn it on). */
export type Require2fa = 'admins' | 'all' | 'off';
export const mustHave2fa = (rule: Require2fa, role: DeskUser['role']) =>
  rule === 'all' || (rule === 'admins' && role === 'admin');

export const DESK_POLICY = {
  /** A session lasts this long from sign-in, however active (not sliding): a day's work, then sign in again. */
  sessionMs: 12 * 60 * 60_000,
  /** This many failed sign-ins for one account, or from one client, within `lockWindowMs` refuse further tries for `lockWindowMs` after the last. */
  maxFailures: 10,
  lockWindowMs: 15 * 60_000,
  /** A session's "last seen" is written at most this often. */
  seenEveryMs: 60_000,
  /** A sign-in whose password was right waits this long for its code, or for the second factor to be set up. */
  codeStepMs: 5 * 60_000,
  setupStepMs: 15 * 60_000,
};

export const normaliseEmail = (email: string) => email.trim().toLowerCase();
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
/** The id a session is shown and ended by: from its token's hash, so neither the token nor its hash leaves. */
export const sessionId = (hash: string) =>
  createHash('sha256').update(`desk-session:${hash}`).digest('hex').slice(0, 16);

export type SignIn =
  | { ok: true; token: string; session: DeskSession }
  | { ok: 'next'; next: NextStep; token: string; expiresAt: number }
  | { ok: false; reason: 'wrong' }
  | { ok: false; reason: 'locked'; until: number };

/** A password the rule refuses: 400 `weak-password`, its sentence, on the field that holds it. */
export function checkNewPassword(password: string, email: string, brand: string, field = 'password') {
  const problem = passwordProblem(password, { email, brand });
  if (problem) throw new Refusal(400, 'weak-password', problem, { field });
}

export function deskService(
  store: Store,
  now: () => number = Date.now,
  meter: Meter = NO_METER,
  brand = '',
  require2fa: Require2fa = 'admins',
) {
  const policy = DESK_POLICY;
  const service = {
    policy,
    meter,
    async signIn({
      email: given,
      password,
      clientIp,
      userAgent,
    }: {
      email: string;
      password: string;
      clientIp: string;
      userAgent?: string;
    }): Promise<SignIn> {
      const email = normaliseEmail(given);
      const lockArgs = { email, clientIp, max: policy.maxFailures, windowMs: policy.lockWindowMs };
      // Counted (as a failure) before the password is checked, taken back when it matches: tries sent
      // in parallel cannot all pass the check before any is counted.
      const begun = await store.desk.beginSignIn({ ...lockArgs, now: now(), keepMs: 2 * policy.lockWindowMs });
      if (begun.locked !== undefined) {
        meter.signInFailed('locked');
        return { ok: false, reason: 'locked', until: begun.locked };
      }
      const user = await store.desk.userByEmail({ email });
      // An unknown email costs the same hash as a known one: timing does not tell which exist.
      const matches = await verifyPassword(password, user?.passwordHash ?? (await dummyHash()));
      if (!user || !matches) {
        const until = await store.desk.lockout({ ...lockArgs, now: now() });
        meter.signInFailed('wrong');
        if (until) meter.lockedOut();
        return until ? { ok: false, reason: 'locked', until } : { ok: false, reason: 'wrong' };
      }
      const next = await service.nextStep(user);
      if (next) {
        // The password was right; the code (or setting the second factor up) is the rest of the sign-in.
        await store.desk.forgiveAttempt({ attempt: begun.attempt });
        const token = randomBytes(32).toString('base64url');
        const expiresAt = now() + (next === 'code' ? policy.codeStepMs : policy.setupStepMs);
        await store.twoStep.startPending({
          tokenHash: tokenHash(token),
          userId: user.id,
          next,
          now: now(),
          expiresAt,
          clientIp,
          userAgent: userAgent ?? null,
        });
        return { ok: 'next', next, token, expiresAt };
      }
      return { ok: true, ...(await service.openSession(user, { attempt: begun.attempt, clientIp, userAgent })) };
    },

    /** What a sign-in whose password was right still needs: a code, setting a second factor up, or nothing. */
    async nextStep(user: Pick<DeskUser, 'id' | 'role'>): Promise<NextStep | null> {
      const state = await store.twoStep.of({ userId: user.id });
      if (state?.confirmedAt !== null && state?.confirmedAt !== undefined) return 'code';
      return mustHave2fa(require2fa, user.role) ? 'setup' : null;
    },

    /** A new session for an account whose sign-in is complete (the try `attempt` counted no longer counts). */
    async openSession(
      user: Pick<DeskUser, 'id' | 'email' | 'role'>,
      { attempt, clientIp, userAgent }: { attempt?: number; clientIp: string; userAgent?: string | null },
    ) {
      const token = randomBytes(32).toString('base64url');
      const at = now();
      const session: DeskSession = {
        userId: user.id,
        email: user.email,
        role: user.role,
        createdAt: at,
        expiresAt: at + policy.sessionMs,
        tokenHash: tokenHash(token),
      };
      await store.desk.createSession({
        tokenHash: session.tokenHash!,
        userId: user.id,
        now: at,
        expiresAt: session.expiresAt,
        attempt,
        clientIp,
        userAgent: userAgent ?? null,
      });
      return { token, session };
    },

    /** The live session a cookie's token stands for, or null; with `clientIp`, its use is written down (once a minute). */
    async session(token: string | undefined, clientIp?: string): Promise<DeskSession | null> {
      if (!token || token.length > 100) return null;
      const at = now();
      const found = await store.desk.session({ tokenHash: tokenHash(token), now: at });
      if (found && clientIp !== undefined && (found.lastSeenAt ?? 0) <= at - policy.seenEveryMs)
        await store.desk.touchSession({
          tokenHash: found.tokenHash!,
          now: at,
          clientIp,
          everyMs: policy.seenEveryMs,
        });
      return found;
    },

    /** A person's live sessions: the device, the address, when last seen; which one is this. */
    async sessions(session: DeskSession) {
      const all = await store.desk.sessionsOf({ userId: session.userId, now: now() });
      return all.map((s) => ({
        id: sessionId(s.tokenHash),
        device: deviceOf(s.userAgent),
        address: s.clientIp,
        createdAt: new Date(s.createdAt).toISOString(),
        lastSeenAt: new Date(s.lastSeenAt ?? s.createdAt).toISOString(),
        expiresAt: new Date(s.expiresAt).toISOString(),
        current: s.tokenHash === session.tokenHash,
      }));
    },

    /**
     * Ends one of a person's other sessions (`id`), or all of them (no `id`: their half-done sign-ins too,
     * which someone holding the password may have begun); never the one asking (that is signing out). How
     * many ended: 0 when `id` is none of theirs.
     */
    async endOtherSessions(session: DeskSession, id?: string) {
      const all = await store.desk.sessionsOf({ userId: session.userId, now: now() });
      const ending = all
        .map((s) => s.tokenHash)
        .filter((hash) => hash !== session.tokenHash && (id === undefined || sessionId(hash) === id));
      return store.desk.endSessions({ userId: session.userId, tokenHashes: ending, pending: id === undefined });
    },

    /**
     * A signed-in person's new password, given their current one: checked by the rule, then set; every other
     * session of theirs ends (this one stays). A wrong current password counts as a failed sign-in (the
     * lock-out holds here too) and is refused with 400 `wrong-password`. How many sessions ended.
     */
    async changePassword({
      session,
      current,
      password,
      clientIp,
    }: {
      session: DeskSession;
      current: string;
      password: string;
      clientIp: string;
    }) {
      const lockArgs = { email: session.email, clientIp, max: policy.maxFailures, windowMs: policy.lockWindowMs };
      const begun = await store.desk.beginSignIn({ ...lockArgs, now: now(), keepMs: 2 * policy.lockWindowMs });
      if (begun.locked !== undefined) {
        meter.signInFailed('locked', 'proof');
        // When to try again, in the body and in Retry-After, as every 429 of ours says it.
        const seconds = Math.max(1, Math.ceil((begun.locked - now()) / 1000));
        throw new Refusal(
          429,
          'locked',
          'Too many wrong passwords. Try again in 15 minutes.',
          { retryAt: new Date(begun.locked).toISOString() },
          { 'Retry-After': String(seconds) },
        );
      }
      const user = await store.desk.userByEmail({ email: session.email });
      if (!user || !(await verifyPassword(current, user.passwordHash))) {
        await service.failedProof(session.email, clientIp);
        throw new Refusal(400, 'wrong-password', 'That is not your current password.', { field: 'current' });
      }
      await store.desk.forgiveAttempt({ attempt: begun.attempt });
      checkNewPassword(password, session.email, brand);
      const done = await store.desk.setPassword({
        email: session.email,
        passwordHash: await hashPassword(password),
        keep: session.tokenHash,
      });
      return done?.ended ?? 0;
    },

    /** A signed-in person's wrong proof (the current password, a code): counted, and the lock-out it began. */
    async failedProof(email: string, clientIp: string) {
      const lockArgs = { email, clientIp, max: policy.maxFailures, windowMs: policy.lockWindowMs };
      meter.signInFailed('wrong', 'proof');
      if (await store.desk.lockout({ ...lockArgs, now: now() })) meter.lockedOut('proof');
    },

    async signOut(token: string) {
      return store.desk.endSession({ tokenHash: tokenHash(token) });
    },

    now,
    require2fa,
  };
  return service;
}

export type DeskService = ReturnType<typeof deskService>;
