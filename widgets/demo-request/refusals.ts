import type { DemoRequestStrings } from './strings';
import type { Problem } from './machine';

/** Codes the service answers when a new code is the way forward. */
const NEEDS_NEW_CODE = new Set(['expired', 'too-many', 'no-code', 'code-used', 'too-many-checks']);

/** Refusals about the number itself: the visitor fixes the number, so focus goes back to it. */
const FIX_NUMBER = new Set([
  'invalid-phone',
  'country-not-allowed',
  'not-mobile',
  'number-invalid',
  'number-blocked',
  'country-disabled',
]);

export interface Worded {
  message: string;
  focus?: Problem['focus'];
  newCode: boolean;
}

/**
 * A refusal as the visitor reads it: the codes of #22 in the widget's own words and language, an
 * unreachable service in ours, any other code in the service's sentence (it knows the details, like
 * how long to wait). Pure, so each code's wording and next step is tested in Node.
 */
export function wordRefusal(
  answer: { error: string; message: string; attemptsLeft?: number },
  t: Pick<DemoRequestStrings, 'outage' | 'refusals'>,
): Worded {
  const own = Object.hasOwn(t.refusals, answer.error) ? t.refusals[answer.error as keyof typeof t.refusals] : undefined;
  const message = answer.error === 'outage' ? t.outage : (own ?? answer.message);
  const focus = answer.error === 'challenge' ? 'challenge' : FIX_NUMBER.has(answer.error) ? 'phone' : undefined;
  return { message, ...(focus && { focus }), newCode: NEEDS_NEW_CODE.has(answer.error) || answer.attemptsLeft === 0 };
}
