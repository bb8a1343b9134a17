// A number from abroad, recognised by its country calling code alone: no other country's numbering
// data (the India-only chunk stays India's). Pure, so each case is tested in Node.

/** What a visitor typed or pasted from its "+" on, when it holds one ("+44 7911 123456"); else null. */
export function plusTyped(text: string): string | null {
  const at = text.indexOf('+');
  return at < 0 ? null : text.slice(at);
}

const digitsOf = (text: string) => text.replace(/\D/g, '');

/**
 * The number in E.164 when `text` begins with one of the offered calling codes (`91`): it is one of
 * ours after all, and the field formats it; else null.
 */
export function offeredOnly(text: string, codes: readonly string[]): string | null {
  const digits = digitsOf(text);
  const code = codes.find((c) => digits.startsWith(c) && digits.length > c.length);
  return code ? `+${digits}` : null;
}

/** The typed calling code is none of the offered ones, and can no longer become one ("+4", not "+9"). */
export function foreignCode(text: string, codes: readonly string[]): boolean {
  const digits = digitsOf(text);
  return digits.length > 0 && !codes.some((c) => c.startsWith(digits) || digits.startsWith(c));
}
