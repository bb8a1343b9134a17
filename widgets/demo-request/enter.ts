import type { Dispatch, KeyboardEvent } from 'react';
import type { DemoRequestStrings } from './strings';
import { phoneEnter, type DemoRequestAction, type DemoRequestState } from './machine';
import { phoneDraftValue } from './view';

interface EnterContext {
  state: DemoRequestState;
  dispatch: Dispatch<DemoRequestAction>;
  t: Pick<DemoRequestStrings, 'phoneMissing'>;
  /** Get OTP's and Verify's presses, as their buttons make them. */
  getCode(): void;
  verify(): void;
  focusCode(): void;
  /** The phone field's country, for the digits its input holds. */
  country: string;
}

/**
 * Digits the form holds no number for, said already (a number from abroad, under the field) or about to
 * be taken (the first paint's input, before the phone field's chunk is in): the sentence is for none.
 */
const saidOrComing = (input: HTMLInputElement, country: string) =>
  input.getAttribute('aria-invalid') === 'true' ||
  (input.dataset.control === 'phone' && phoneDraftValue(input.value, country) !== '');

/**
 * Enter in the phone field does what Get OTP does, and says what is missing while the field holds
 * no number; Enter in the code field does what Verify does. Neither submits the form: its implicit
 * submission is Get a Call's, which only a verified number may reach.
 */
export function onEnter(
  event: KeyboardEvent<HTMLFormElement>,
  { state, dispatch, t, getCode, verify, focusCode, country }: EnterContext,
): void {
  if (event.key !== 'Enter' || event.nativeEvent.isComposing || !(event.target instanceof HTMLInputElement)) return;
  const { id } = event.target;
  if (id === 'otp') {
    event.preventDefault();
    return verify();
  }
  if (id !== 'phone') return;
  const step = phoneEnter(state);
  if (step === 'submit') return;
  event.preventDefault();
  if (step === 'get-code') getCode();
  else if (step === 'say-missing' && !saidOrComing(event.target, country))
    dispatch({ type: 'phone-missing', message: t.phoneMissing });
  else if (step === 'to-code') focusCode();
}
