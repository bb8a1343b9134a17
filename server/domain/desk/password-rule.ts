// What a desk password must be (NIST SP 800-63B): 12 to 128 characters (Unicode code points, after NFC),
// any characters but control ones (which no sign-in form can type), no composition rules. Refused:
// spaces only, one short piece repeated or a straight run (`aaaaaaaaaaaa`, `abcdefghijkl`), one built on
// the account's email or the brand, and the most common passwords (a list shipped in
// @zxcvbn-ts/language-common, read from disk: nothing is downloaded). Each refusal says why, in words.
import { dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../model/password.ts';

export { PASSWORD_MAX, PASSWORD_MIN };

let common: Set<string> | null = null;
const commonPasswords = () => (common ??= new Set(dictionary['passwords-common']));

const characters = (text: string) => [...text];
const fold = (text: string) => text.normalize('NFC').toLowerCase();

/** The shortest piece the text is made of, repeated (the text itself when it repeats nothing). */
function piece(chars: string[]): number {
  for (let p = 1; p <= chars.length / 2; p++)
    if (chars.length % p === 0 && chars.every((c, i) => c === chars[i % p])) return p;
  return chars.length;
}

/** Whether each character is the one after (or each the one before) the last: abcd…, 9876…, 0123456789012. */
function straightRun(chars: string[]): boolean {
  const code = (c: string) => c.codePointAt(0)!;
  const step = (a: string, b: string) => {
    if (/\d/.test(a) && /\d/.test(b))
      return ((code(b) - code(a) + 10) % 10 === 1 ? 1 : 0) || ((code(a) - code(b) + 10) % 10 === 1 ? -1 : 0);
    return code(b) - code(a);
  };
  const first = step(chars[0], chars[1]);
  return (first === 1 || first === -1) && chars.every((c, i) => i === 0 || step(chars[i - 1], c) === first);
}

/** How many characters are left once every `words` (those of 3 characters or more) is taken out, longest first. */
function leftOver(password: string, words: string[]) {
  let rest = password;
  for (const word of words.filter((w) => characters(w).length >= 3).sort((a, b) => b.length - a.length))
    rest = rest.split(word).join('');
  return characters(rest).length;
}

/**
 * Why a password may not be used, as a sentence for the person choosing it; null when it may. `email`
 * is the account's, `brand` the service's name (BRAND_NAME). The password is never repeated back.
 */
export function passwordProblem(given: string, { email = '', brand = '' }: { email?: string; brand?: string } = {}) {
  const password = given.normalize('NFC');
  const chars = characters(password);
  if (chars.length < PASSWORD_MIN)
    return `The password is too short: use at least ${PASSWORD_MIN} characters (it has ${chars.length}).`;
  if (chars.length > PASSWORD_MAX)
    return `The password is too long: use at most ${PASSWORD_MAX} characters (it has ${chars.length}).`;
  if (/[\p{Cc}\p{Cs}]/u.test(password))
    return 'The password has a control character (a line break or a tab, say), which a sign-in form cannot type: leave it out.';
  if (/^\s+$/u.test(password)) return 'The password is only spaces: use words or other characters too.';
  const folded = fold(password);
  if (commonPasswords().has(folded))
    return 'That is one of the most common passwords, the first an attacker tries: choose another.';
  const chunk = piece(characters(folded));
  if (chunk < chars.length && chunk < PASSWORD_MIN)
    return chunk === 1
      ? 'The password is one character repeated: choose one that is harder to guess.'
      : `The password is ${chunk} characters repeated over and over: choose one that is harder to guess.`;
  if (straightRun(characters(folded)))
    return 'The password is a run of characters in order (like abcdef or 12345): choose one that is harder to guess.';
  const mail = fold(email.trim());
  const local = mail.split('@')[0] ?? '';
  const left = mail ? leftOver(folded, [mail, local]) : PASSWORD_MIN;
  if (left < PASSWORD_MIN)
    return `The password is built on the account’s email: without it, it has only ${left} characters. Use at least ${PASSWORD_MIN} others.`;
  const name = fold(brand.trim());
  const rest = name ? leftOver(folded, [name]) : PASSWORD_MIN;
  if (rest < PASSWORD_MIN)
    return `The password is built on the name ${brand.trim()}: without it, it has only ${rest} characters. Use at least ${PASSWORD_MIN} others.`;
  return null;
}
