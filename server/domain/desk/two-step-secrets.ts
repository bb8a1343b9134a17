// What the second factor keeps and shows: its TOTP secret sealed with AES-256-GCM under a key derived
// from DATA_HASH_KEY (bound to its account, so a row moved to another account opens for none), recovery
// codes (10 of 50 bits each, kept as hashes), and the QR code of the otpauth:// address as an SVG image
// (a data: URL, which the desk's CSP allows for images; nothing inline to run or style).
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes, randomInt } from 'node:crypto';
import qrcode from 'qrcode-generator';

const keys = new Map<string, Buffer>();
const keyOf = (dataHashKey: string) => {
  let key = keys.get(dataHashKey);
  if (!key) keys.set(dataHashKey, (key = Buffer.from(hkdfSync('sha256', dataHashKey, '', 'desk-two-step-secret', 32))));
  return key;
};
const aad = (userId: number) => Buffer.from(`desk-two-step:${userId}`);

export function seal(secret: Buffer, userId: number, dataHashKey: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(dataHashKey), iv).setAAD(aad(userId));
  const sealed = Buffer.concat([cipher.update(secret), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), sealed]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** The secret, or null when it was sealed for another account or under another key. */
export function unseal(stored: string, userId: number, dataHashKey: string): Buffer | null {
  const [version, iv, tag, sealed, extra] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || sealed === undefined || extra !== undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(dataHashKey), Buffer.from(iv, 'base64url'));
    decipher.setAAD(aad(userId)).setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]);
  } catch {
    return null;
  }
}

/** Crockford's base32: no I, L, O or U to misread. */
const RECOVERY_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
export const RECOVERY_CODES = 10;

/** Ten new recovery codes, as shown: `xxxxx-xxxxx`. */
export const newRecoveryCodes = () =>
  Array.from({ length: RECOVERY_CODES }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(32)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });

/** A recovery code as typed (any case, spaces or dashes, O for 0, I or L for 1), or null when it cannot be one. */
export function recoveryCodeOf(typed: string): string | null {
  const code = typed.toLowerCase().replace(/[\s-]/g, '').replace(/o/g, '0').replace(/[il]/g, '1');
  return code.length === 10 && [...code].every((c) => RECOVERY_ALPHABET.includes(c)) ? code : null;
}

/** Codes have 50 random bits: a plain hash, salted by the account, is enough (no password-grade hashing). */
export const recoveryHash = (userId: number, code: string) =>
  createHash('sha256').update(`desk-recovery:${userId}:${code}`).digest('hex');

/** The otpauth:// address as a QR code, an SVG image in a data: URL (4 modules of quiet zone). */
export function qrImage(text: string): string {
  const qr = qrcode(0, 'M');
  qr.addData(text);
  qr.make();
  const n = qr.getModuleCount();
  let path = '';
  for (let row = 0; row < n; row++)
    for (let col = 0; col < n; col++) if (qr.isDark(row, col)) path += `M${col + 4} ${row + 4}h1v1h-1z`;
  const size = n + 8;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" shape-rendering="crispEdges"><rect width="${size}" height="${size}" fill="#fff"/><path d="${path}" fill="#000"/></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
