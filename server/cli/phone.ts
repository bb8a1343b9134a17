// A number given on the command line, in the form leads store it (E.164), or exit 2 with a clear line.
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

export function phoneArg(value: unknown): string {
  const parsed = parsePhoneNumberFromString(String(value));
  if (parsed?.isValid()) return parsed.number;
  console.error(`${String(value)} is not a phone number in international form (for example +919876543210).`);
  process.exit(2);
}
