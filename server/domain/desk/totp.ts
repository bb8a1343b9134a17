// Time-based one-time passwords as RFC 6238 has them, with the defaults every authenticator app takes:
// HMAC-SHA-1, 6 digits, 30-second steps from the Unix epoch (RFC 4226's dynamic truncation). Secrets are
// 20 random bytes, shown in base32 (RFC 4648, no padding) for typing in and in an otpauth:// address.
import { createHmac, randomBytes } from 'node:crypto';

export const STEP_MS = 30_000;
export const DIGITS = 6;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export const newSecret = () => randomBytes(20);

export function base32(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return bits > 0 ? out + ALPHABET[(value << (5 - bits)) & 31] : out;
}

/** Base32 as people type it (any case, spaces, padding); null when it is not base32. */
export function fromBase32(text: string): Buffer | null {
  const clean = text.toUpperCase().replace(/[\s=-]/g, '');
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of clean) {
    const index = ALPHABET.indexOf(char);
    if (index < 0) return null;
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

export const stepAt = (ms: number) => Math.floor(ms / STEP_MS);

/** The code of one time step (RFC 4226's HOTP with the step as its counter), with its leading zeros. */
export function codeAt(secret: Buffer, step: number, digits = DIGITS, algorithm = 'sha1'): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac(algorithm, secret).update(counter).digest();
  const offset = mac[mac.length - 1] & 0xf;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/**
 * The time step whose code `code` is, trying now's and one either side (a phone's clock a little off,
 * a code typed as it turned), or null. Compared in full every time, so timing tells nothing.
 */
export function matchingStep(secret: Buffer, code: string, now: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const current = stepAt(now);
  let found: number | null = null;
  for (const step of [current - 1, current, current + 1]) {
    let differs = 0;
    const expected = codeAt(secret, step);
    for (let i = 0; i < DIGITS; i++) differs |= expected.charCodeAt(i) ^ code.charCodeAt(i);
    if (differs === 0 && found === null) found = step;
  }
  return found;
}

/** The otpauth:// address authenticator apps read from the QR code (Google's Key URI format). */
export function otpauthUri(secret: Buffer, issuer: string, account: string): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const query = new URLSearchParams({ secret: base32(secret), issuer, algorithm: 'SHA1', digits: '6', period: '30' });
  return `otpauth://totp/${label}?${query}`;
}
