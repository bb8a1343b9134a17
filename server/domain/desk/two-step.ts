// The second factor of desk password accounts (issue 47): setting TOTP up (a secret confirmed by a code,
// then ten one-time recovery codes shown once), the sign-in's second step (a code, never one already
// used, or a recovery code, once), turning it off (with a code or the password) and an admin's reset.
// Wrong codes are failed sign-ins: the lock-out counts them with the passwords, in the same table.
import type { DeskSession, PendingSignIn, Store } from '../../storage/index.ts';
import { Refusal } from '../refusal.ts';
import { mustHave2fa, tokenHash, type DeskService } from './desk-service.ts';
import { verifyPassword } from './password.ts';
import { base32, matchingStep, newSecret, otpauthUri } from './totp.ts';
import { newRecoveryCodes, qrImage, recoveryCodeOf, recoveryHash, seal, unseal } from './two-step-secrets.ts';

type Who = { userId: number; email: string; role: DeskSession['role'] };
export type CodeCheck =
  { ok: true; used: 'code' | 'recovery-code'; recoveryLeft?: number } | { ok: false; reason: 'wrong' | 'used' };

const wrongCode = (field = 'code') =>
  new Refusal(400, 'wrong-code', 'That code is not right. Type the 6 digits your app shows now.', { field });
/** 429 `locked`: when to try again, in the body and in Retry-After. */
export const lockedOut = (until: number, now: number) => {
  const retryAt = new Date(until).toISOString();
  const seconds = Math.max(1, Math.ceil((until - now) / 1000));
  return new Refusal(
    429,
    'locked',
    `Too many failed tries. Try again after ${retryAt.slice(11, 16)} UTC.`,
    { retryAt },
    { 'Retry-After': String(seconds) },
  );
};

export function twoStepService(
  store: Store,
  desk: DeskService,
  { dataHashKey, issuer, passwordSignIn = true }: { dataHashKey: string; issuer: string; passwordSignIn?: boolean },
) {
  const { policy, now } = desk;
  const counted = (email: string, clientIp: string) => ({
    email,
    clientIp,
    max: policy.maxFailures,
    windowMs: policy.lockWindowMs,
  });

  /** A TOTP code (six digits) or a recovery code, checked against an account's confirmed second factor. */
  async function check(userId: number, typed: string): Promise<CodeCheck> {
    const state = await store.twoStep.of({ userId });
    const secret = state?.confirmedAt != null ? unseal(state.secret, userId, dataHashKey) : null;
    if (!secret) return { ok: false, reason: 'wrong' };
    const digits = typed.replace(/\s/g, '');
    if (/^\d{6}$/.test(digits)) {
      const step = matchingStep(secret, digits, now());
      if (step === null) return { ok: false, reason: 'wrong' };
      return (await store.twoStep.useStep({ userId, step }))
        ? { ok: true, used: 'code' }
        : { ok: false, reason: 'used' };
    }
    const code = recoveryCodeOf(typed);
    if (!code) return { ok: false, reason: 'wrong' };
    const left = await store.twoStep.useRecoveryCode({ userId, codeHash: recoveryHash(userId, code), now: now() });
    return left === null ? { ok: false, reason: 'wrong' } : { ok: true, used: 'recovery-code', recoveryLeft: left };
  }

  /**
   * A signed-in person's proof, for changing their second factor: a code (or a recovery code) or the password.
   * Counted as a failed sign-in until it is right, as the sign-in's are. 409 `not-on` when it is off.
   */
  async function prove(session: DeskSession, given: { code?: string; password?: string }, clientIp: string) {
    if ((await store.twoStep.of({ userId: session.userId }))?.confirmedAt == null)
      throw new Refusal(409, 'not-on', 'Two-step sign-in is off.');
    const begun = await store.desk.beginSignIn({
      ...counted(session.email, clientIp),
      now: now(),
      keepMs: 2 * policy.lockWindowMs,
    });
    if (begun.locked !== undefined) {
      desk.meter.signInFailed('locked', 'proof');
      throw lockedOut(begun.locked, now());
    }
    if (given.password !== undefined) {
      const user = await store.desk.userByEmail({ email: session.email });
      if (!user || !(await verifyPassword(given.password, user.passwordHash))) {
        await desk.failedProof(session.email, clientIp);
        throw new Refusal(400, 'wrong-password', 'That is not your current password.', { field: 'password' });
      }
    } else if (!(await check(session.userId, given.code ?? '')).ok) {
      await desk.failedProof(session.email, clientIp);
      throw wrongCode();
    }
    await store.desk.forgiveAttempt({ attempt: begun.attempt });
  }

  return {
    /** The live half-done sign-in a pending cookie's token stands for, or null. */
    async pending(token: string | undefined): Promise<(PendingSignIn & { tokenHash: string }) | null> {
      // Only a password sign-in is left half-done: with password sign-in turned off, none may finish.
      if (!token || token.length > 100 || !passwordSignIn) return null;
      const hash = tokenHash(token);
      const found = await store.twoStep.pending({ tokenHash: hash, now: now() });
      return found && { ...found, tokenHash: hash };
    },

    async status(who: Pick<Who, 'userId' | 'role'>) {
      const state = await store.twoStep.of({ userId: who.userId });
      const on = state?.confirmedAt != null;
      return {
        on,
        required: mustHave2fa(desk.require2fa, who.role),
        since: on ? new Date(state!.confirmedAt!).toISOString() : null,
        recoveryCodesLeft: on ? state!.recoveryLeft : 0,
      };
    },

    /** A new secret to add to an authenticator app: as text, as an otpauth:// address and as its QR code. */
    async begin(who: Who) {
      const secret = newSecret();
      const begun = await store.twoStep.begin({
        userId: who.userId,
        secret: seal(secret, who.userId, dataHashKey),
        now: now(),
      });
      if (begun === 'on')
        throw new Refusal(
          409,
          'already-on',
          'Two-step sign-in is already on. Turn it off first to set up another app.',
        );
      const uri = otpauthUri(secret, issuer, who.email);
      return { secret: base32(secret).replace(/(.{4})(?=.)/g, '$1 '), uri, qr: qrImage(uri) };
    },

    /**
     * Turns the begun second factor on once a code of it is right: ten recovery codes (shown this once) and
     * every session of the account ends but `keep`. 400 `wrong-code`; 409 `not-begun` when none was begun.
     */
    async confirm(who: Who, code: string, keep?: string) {
      const state = await store.twoStep.of({ userId: who.userId });
      if (!state || state.confirmedAt !== null)
        throw new Refusal(409, 'not-begun', 'Start setting up two-step sign-in again: there is no new key to confirm.');
      const secret = unseal(state.secret, who.userId, dataHashKey);
      const step = secret && matchingStep(secret, code.replace(/\s/g, ''), now());
      if (step === null || step === undefined) throw wrongCode();
      const recoveryCodes = newRecoveryCodes();
      const done = await store.twoStep.confirm({
        userId: who.userId,
        step,
        codeHashes: recoveryCodes.map((c) => recoveryHash(who.userId, recoveryCodeOf(c)!)),
        now: now(),
        keep,
      });
      if (!done)
        throw new Refusal(409, 'not-begun', 'Start setting up two-step sign-in again: there is no new key to confirm.');
      return { recoveryCodes, ended: done.ended };
    },

    /**
     * The sign-in's second step: a code from the app or a recovery code, for a half-done sign-in. Counted
     * as a failed sign-in before it is checked (as passwords are), taken back when right.
     */
    async signIn(
      pending: PendingSignIn & { tokenHash: string },
      code: string,
      client: { clientIp: string; userAgent?: string },
    ) {
      const begun = await store.desk.beginSignIn({
        ...counted(pending.email, client.clientIp),
        now: now(),
        keepMs: 2 * policy.lockWindowMs,
      });
      if (begun.locked !== undefined) {
        desk.meter.signInFailed('locked', 'code');
        throw lockedOut(begun.locked, now());
      }
      const checked = await check(pending.userId, code);
      if (!checked.ok) {
        const until = await store.desk.lockout({ ...counted(pending.email, client.clientIp), now: now() });
        desk.meter.signInFailed(checked.reason, 'code');
        if (until) desk.meter.lockedOut('code');
        return { ...checked, until };
      }
      await store.twoStep.endPending({ tokenHash: pending.tokenHash });
      const opened = await desk.openSession(
        { id: pending.userId, email: pending.email, role: pending.role },
        { attempt: begun.attempt, ...client },
      );
      return { ...checked, ...opened };
    },

    /** The end of a sign-in that had to set the second factor up: on (every older session ends), then a session. */
    async finishSetup(
      pending: PendingSignIn & { tokenHash: string },
      code: string,
      client: { clientIp: string; userAgent?: string },
    ) {
      const done = await this.confirm(pending, code);
      await store.twoStep.endPending({ tokenHash: pending.tokenHash });
      const opened = await desk.openSession({ id: pending.userId, email: pending.email, role: pending.role }, client);
      return { ...done, ...opened };
    },

    /** Turns it off, given a code (or a recovery code) or the password; refused while DESK_REQUIRE_2FA asks for it. */
    async turnOff(session: DeskSession, given: { code?: string; password?: string }, clientIp: string) {
      if (mustHave2fa(desk.require2fa, session.role))
        throw new Refusal(
          409,
          'two-step-required',
          'Your account must keep two-step sign-in: this desk requires it for your role.',
        );
      await prove(session, given, clientIp);
      await store.twoStep.remove({ userId: session.userId });
    },

    /** Ten new recovery codes (shown this once) in place of the old ones, given a code or the password. */
    async renewRecoveryCodes(session: DeskSession, given: { code?: string; password?: string }, clientIp: string) {
      await prove(session, given, clientIp);
      const recoveryCodes = newRecoveryCodes();
      const codeHashes = recoveryCodes.map((c) => recoveryHash(session.userId, recoveryCodeOf(c)!));
      if (!(await store.twoStep.replaceRecoveryCodes({ userId: session.userId, codeHashes })))
        throw new Refusal(409, 'not-on', 'Two-step sign-in is off.');
      return recoveryCodes;
    },
  };
}

export type TwoStepService = ReturnType<typeof twoStepService>;
