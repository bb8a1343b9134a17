// What a desk password must be (NIST SP 800-63B): 12 to 128 characters, any characters but control
// ones (which no sign-in form can type), no composition rules. The checks read it folded: NFKC (so
// full-width `ｐａｓｓｗｏｒｄ` is `password`), without format characters (U+200B and the like, which
// show as nothing), in lower case. Refused: spaces only, one short piece repeated or a straight run
// (`aaaaaaaaaaaa`, `abcdefghijkl`), the most common passwords (a list shipped in
// @zxcvbn-ts/language-common, read from disk: nothing is downloaded) and the patterns built on them
// (./guessable.ts: `iloveyou1234`, `P@ssw0rd!`, `qwertyuiopasdfgh`), and one built on the account's
// email or the brand. Each refusal says why, in words.
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../model/password.ts';
import { characters, commonPasswords, guessable, piece, straightRun, type Guessable } from './guessable.ts';

export { PASSWORD_MAX, PASSWORD_MIN };

/** Unicode's format characters (category Cf): zero-width spaces and joiners, direction marks, tags. */
const FORMAT = /\p{Cf}/gu;
/** What shows of a password: NFKC, format characters taken out. */
const visible = (text: string) => text.normalize('NFKC').replace(FORMAT, '');
/** What the checks read: what shows, in lower case. */
const fold = (text: string) => visible(text).toLowerCase();

const GUESSABLE: Record<Guessable, string> = {
  'common-changed':
    'That is a common password with a few characters added or swapped (digits or symbols at an end, 0 for o, @ for a), which attackers try first: choose another.',
  keyboard:
    'The password is a run of keys along the keyboard (like qwertyuiop or 1qaz2wsx): choose one that is harder to guess.',
  repeated: 'The password is one word repeated: choose one that is harder to guess.',
};

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
  const folded = fold(password);
  // At least 12 that show (format characters are not counted), at most 128 as typed (what the sign-in takes).
  const length = characters(visible(password)).length;
  const invisible = /\p{Cf}/u.test(password);
  if (length < PASSWORD_MIN)
    return `The password is too short: use at least ${PASSWORD_MIN} characters (it has ${length}${invisible ? ', not counting invisible ones' : ''}).`;
  const typed = characters(password).length;
  if (typed > PASSWORD_MAX)
    return `The password is too long: use at most ${PASSWORD_MAX} characters (it has ${typed}).`;
  if (/[\p{Cc}\p{Cs}]/u.test(password))
    return 'The password has a control character (a line break or a tab, say), which a sign-in form cannot type: leave it out.';
  if (/^\s+$/u.test(folded)) return 'The password is only spaces: use words or other characters too.';
  if (commonPasswords().has(folded))
    return 'That is one of the most common passwords, the first an attacker tries: choose another.';
  const chunk = piece(characters(folded));
  if (chunk < characters(folded).length && chunk < PASSWORD_MIN)
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
  // Last: the email and the brand name what a password is built on more precisely.
  const pattern = guessable(folded);
  if (pattern) return GUESSABLE[pattern];
  return null;
}
