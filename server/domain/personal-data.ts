// Erasure and access requests (India's DPDP Act, the GDPR). A number or address that is erased is kept
// only as an HMAC with DATA_HASH_KEY: it still matches the do-not-call list and the person's other
// leads, and without the key it names no one.
import { createHmac } from 'node:crypto';
import type { Store } from '../storage/index.ts';

export const keyedHash = (key: string, value: string) =>
  `hmac-sha256:${createHmac('sha256', key).update(value).digest('hex')}`;
export const phoneHash = (key: string, phone: string) => keyedHash(key, `phone:${phone}`);
/** A client as the web demos' gate keeps it (and the code limits' log names it): its address's keyed hash. */
export const clientHash = (key: string, ip: string) => keyedHash(key, `ip:${ip}`);
export const emailHash = (key: string, email: string) => keyedHash(key, `email:${email.trim().toLowerCase()}`);

/** All a log line may say of a number: its last two digits. */
export const phoneTail = (phone: string) => `…${phone.slice(-2)}`;

/**
 * Text from outside (a provider's error, a database's) made fit for a log line: the numbers and addresses
 * in it go (anything that looks like a phone number or an email address), and so do the `known` values
 * (the name and number the request carried), wherever they appear.
 */
export function scrub(text: string, known: (string | null | undefined)[] = []): string {
  let out = text;
  for (const value of known) if (value && value.length >= 2) out = out.split(value).join('[personal data]');
  return out.replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, '[email]').replace(/\+?\d(?:[ -]?\d){8,14}/g, '[number]');
}

export function personalData(
  store: Store,
  { key, deliver, now = Date.now }: { key: string; deliver: boolean; now?: () => number },
) {
  return {
    /** Erases everything held about the person with this number (E.164); the leads erased, codes removed, and whether it was on the do-not-call list. */
    forgetPhone: (phone: string) =>
      store.erasure.phone({ phone, phoneHash: phoneHash(key, phone), now: now(), deliver }),
    forgetEmail: (email: string) => store.erasure.email({ email: email.trim(), emailHash: emailHash(key, email) }),
    /** Everything held about the person with this number, erased leads included (as what is left of them). */
    exportPhone: (phone: string) => store.erasure.person({ phone, phoneHash: phoneHash(key, phone) }),
  };
}
