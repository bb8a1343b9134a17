import { describe, expect, it } from 'vitest';
import { base32, codeAt, fromBase32, matchingStep, otpauthUri, stepAt } from './totp.ts';

// RFC 6238, Appendix B: the SHA-1 seed "12345678901234567890" and its 8-digit codes at these times.
const SEED = Buffer.from('12345678901234567890', 'ascii');
const VECTORS: [seconds: number, code: string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP (RFC 6238)', () => {
  it('gives the RFC’s test vectors, and their last six digits as the 6-digit code', () => {
    for (const [seconds, code] of VECTORS) {
      expect(codeAt(SEED, stepAt(seconds * 1000), 8)).toBe(code);
      expect(codeAt(SEED, stepAt(seconds * 1000))).toBe(code.slice(2));
    }
  });

  it('takes the code of the step before, now and after, no further, and nothing but six digits', () => {
    const now = 1111111111_000;
    const step = stepAt(now);
    for (const d of [-1, 0, 1]) expect(matchingStep(SEED, codeAt(SEED, step + d), now)).toBe(step + d);
    for (const d of [-3, -2, 2, 3]) expect(matchingStep(SEED, codeAt(SEED, step + d), now)).toBeNull();
    for (const bad of ['', '12345', '1234567', ' 14050471', 'abcdef']) expect(matchingStep(SEED, bad, now)).toBeNull();
  });

  it('writes base32 as RFC 4648 does and reads it back as people type it', () => {
    expect(base32(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32(SEED)).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(fromBase32('gezd gnbv gy3t qojq gezd gnbv gy3t qojq')).toEqual(SEED);
    expect(fromBase32('MZXW6YTBOI======')).toEqual(Buffer.from('foobar'));
    expect(fromBase32('not base32!')).toBeNull();
  });

  it('names the issuer and the account in the otpauth address', () => {
    const uri = new URL(otpauthUri(SEED, 'Aurelo desk', 'sales@example.com'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/Aurelo desk:sales@example.com');
    expect(Object.fromEntries(uri.searchParams)).toEqual({
      secret: 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ',
      issuer: 'Aurelo desk',
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
  });
});
