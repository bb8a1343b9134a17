// Desk passwords, hashed with Node's scrypt (memory-hard): `scrypt$N$r$p$salt$hash`, salt and hash in
// base64url. The cost is kept in each hash, so it can be raised later without breaking old ones.
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const COST = { N: 2 ** 15, r: 8, p: 1 };
const KEY_LENGTH = 32;

const derive = (password: string, salt: Buffer, { N, r, p }: { N: number; r: number; p: number }) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(
      password.normalize('NFC'),
      salt,
      KEY_LENGTH,
      { N, r, p, maxmem: 256 * N * r + 1024 * 1024 } satisfies ScryptOptions,
      (error, key) => (error ? reject(error) : resolve(key)),
    ),
  );

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, COST);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Whether `password` matches `stored`, compared in constant time; false for a malformed hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash, extra] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash || extra !== undefined) return false;
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  if (![cost.N, cost.r, cost.p].every((v) => Number.isInteger(v) && v > 0)) return false;
  const expected = Buffer.from(hash, 'base64url');
  const given = await derive(password, Buffer.from(salt, 'base64url'), cost);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** A password to print once: 24 random characters from a URL-safe alphabet (144 bits). */
export const generatePassword = () => randomBytes(18).toString('base64url');

let dummy: Promise<string> | null = null;
/** A hash no password matches, checked for unknown emails so they take as long as known ones. */
export const dummyHash = () => (dummy ??= hashPassword(randomBytes(32).toString('base64url')));
