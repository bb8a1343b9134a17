// The patterns an attacker tries first beyond the list of common passwords itself. The list (about
// 49,000 entries of @zxcvbn-ts/language-common) is mostly under 12 characters, the desk's minimum, so
// on its own it can never match: people lengthen a common password with digits or symbols at an end
// (`iloveyou1234`, `Password123!`), swap letters for look-alikes (`P@ssw0rd`), walk the keyboard
// (`qwertyuiopasdfgh`) or repeat a word. Each of those is recognised here, on the password already
// folded (NFKC, no format characters, lower case). `password-rule.ts` turns the finding into words.
import { dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_MIN } from '../../../model/password.ts';

let common: Set<string> | null = null;
/** The list, read once from the package (nothing is downloaded). */
export const commonPasswords = () => (common ??= new Set(dictionary['passwords-common']));

export const characters = (text: string) => [...text];

/** The shortest piece the text is made of, repeated (the text itself when it repeats nothing). */
export function piece(chars: string[]): number {
  for (let p = 1; p <= chars.length / 2; p++)
    if (chars.length % p === 0 && chars.every((c, i) => c === chars[i % p])) return p;
  return chars.length;
}

/** Whether each character is the one after (or each the one before) the last: abcd…, 9876…, 0123456789012. */
export function straightRun(chars: string[]): boolean {
  if (chars.length < 2) return false;
  const code = (c: string) => c.codePointAt(0)!;
  const step = (a: string, b: string) => {
    if (/\d/.test(a) && /\d/.test(b))
      return ((code(b) - code(a) + 10) % 10 === 1 ? 1 : 0) || ((code(a) - code(b) + 10) % 10 === 1 ? -1 : 0);
    return code(b) - code(a);
  };
  const first = step(chars[0], chars[1]);
  return (first === 1 || first === -1) && chars.every((c, i) => i === 0 || step(chars[i - 1], c) === first);
}

// Keys in the order fingers walk them: rows (one after another, as `qwertyuiopasdfgh` goes on), columns,
// shifted rows, on the QWERTY, AZERTY, QWERTZ and Dvorak layouts; each is also walked backwards.
const WALKS = [
  "`1234567890-=qwertyuiop[]\\asdfghjkl;'zxcvbnm,./",
  '~!@#$%^&*()_+',
  'qwertyuiopasdfghjklzxcvbnm',
  'azertyuiopqsdfghjklmwxcvbn',
  'qwertzuiopasdfghjklyxcvbnm',
  "',.pyfgcrl/=aoeuidhtns-;qjkxbmwvz",
  "1qaz2wsx3edc4rfv5tgb6yhn7ujm8ik,9ol.0p;/-['=]",
  '!qaz@wsx#edc$rfv%tgb^yhn&ujm*ik<(ol>)p:?',
  'zaq1xsw2cde3vfr4bgt5nhy6mju7,ki8.lo9/;p0',
  'qazwsxedcrfvtgbyhnujmikolp',
  '7894561230',
  '1472583690',
];
let walkPieces: Set<string> | null = null;
const MAX_WALK = 48;
/** Every stretch of 3 keys or more of a walk, either way. */
function walks(): Set<string> {
  if (walkPieces) return walkPieces;
  walkPieces = new Set();
  for (const walk of WALKS.flatMap((w) => [w, [...w].reverse().join('')]))
    for (let from = 0; from < walk.length; from++)
      for (let to = from + 3; to <= Math.min(walk.length, from + MAX_WALK); to++) walkPieces.add(walk.slice(from, to));
  return walkPieces;
}

/** Whether the text is at most three stretches of keys walked in order (longest first, from the left). */
function keyboardWalk(chars: string[]): boolean {
  const pieces = walks();
  let at = 0;
  for (let stretches = 0; stretches < 3 && at < chars.length; stretches++) {
    let length = Math.min(MAX_WALK, chars.length - at);
    while (length >= 3 && !pieces.has(chars.slice(at, at + length).join(''))) length--;
    if (length < 3) return false;
    at += length;
  }
  return at === chars.length;
}

// Look-alikes for letters: each password is also read with these undone (1 and ! as i, and 1 and | as l).
const LOOK_ALIKES: Record<string, string> = {
  '0': 'o',
  '3': 'e',
  '4': 'a',
  '@': 'a',
  $: 's',
  '5': 's',
  '7': 't',
  '+': 't',
  '8': 'b',
  '9': 'g',
};
function readings(text: string): string[] {
  const undone = [...text].map((c) => LOOK_ALIKES[c] ?? c).join('');
  return [...new Set([text, undone.replace(/[1!|]/g, 'i'), undone.replace(/[1!|]/g, 'l')])];
}

/** Digits, symbols, spaces: what people add at either end of a word (letters and their marks are the word). */
const ADDED = /[^\p{L}\p{M}]/u;
/** How much can be added at one end before it is no longer a guess's small change. */
const MAX_ADDED = 16;

/** Whether what was added at one end is itself an easy guess: short, repeated, a run, a year, or common. */
function easyAddition(added: string): boolean {
  const chars = characters(added);
  if (chars.length <= 4) return true;
  const core = added.replace(/[^\p{N}]{1,2}$/u, '');
  return (
    piece(chars) < chars.length ||
    straightRun(characters(core)) ||
    /^(19|20)\d\d$/.test(core) ||
    commonPasswords().has(added)
  );
}

/** The password with easy additions taken off its ends, in every way they can be: the words underneath. */
function cores(chars: string[]): string[] {
  let lead = 0;
  while (lead < Math.min(MAX_ADDED, chars.length) && ADDED.test(chars[lead])) lead++;
  let tail = 0;
  while (tail < Math.min(MAX_ADDED, chars.length - lead) && ADDED.test(chars[chars.length - 1 - tail])) tail++;
  const found: string[] = [];
  for (let start = 0; start <= lead; start++) {
    if (start && !easyAddition(chars.slice(0, start).join(''))) continue;
    for (let end = chars.length; end >= chars.length - tail; end--) {
      if (end < chars.length && !easyAddition(chars.slice(end).join(''))) continue;
      if (end - start >= 3) found.push(chars.slice(start, end).join(''));
    }
  }
  return found;
}

export type Guessable = 'common-changed' | 'keyboard' | 'repeated';

/**
 * Which pattern an attacker's first guesses would find this (folded) password by, or null: a common
 * password under easy additions or look-alikes, a walk along the keyboard, or one word repeated.
 */
export function guessable(folded: string): Guessable | null {
  const chars = characters(folded);
  const list = commonPasswords();
  let found: Guessable | null = null;
  for (const core of cores(chars))
    for (const reading of readings(core)) {
      if (list.has(reading) || list.has(characters(reading).reverse().join(''))) return 'common-changed';
      const words = reading.split(/[^\p{L}\p{M}]+/u).filter(Boolean);
      const coreChars = characters(core);
      // A piece repeated is as strong as the piece: refused when the piece alone would be too short.
      const repeats = piece(coreChars) < Math.min(coreChars.length, PASSWORD_MIN);
      const oneWord = words.length > 1 && words.every((w) => w === words[0]) && words[0].length < PASSWORD_MIN;
      if (keyboardWalk(coreChars)) found ??= 'keyboard';
      else if (oneWord || repeats) found ??= 'repeated';
    }
  return found;
}
