// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { DemoRequest } from './DemoRequest';

// The form's rules as a visitor meets them, on the React component itself: clicks, typing and what the
// button and its hint say. Only the component, its reducer and the phone input are involved, so this
// runs in a DOM in Node. The widget in a page (the element, its shadow root, keyboard order, focus
// moves, pictures) is tested in Chromium: tests/e2e/demo-request.spec.ts.

afterEach(cleanup);

const hintFor = (...steps: string[]) =>
  `To get a call, ${steps.length > 1 ? `${steps.slice(0, -1).join(', ')} and ${steps.at(-1)}` : steps[0]}.`;

type Step = 'agent' | 'name' | 'phone' | 'consent';

/** The demo form (no backend-url), filled in as a visitor would, except the steps named in `skip`. */
async function fill({ skip = [] as Step[], name = 'Asha Rao' } = {}) {
  const user = userEvent.setup();
  render(<DemoRequest />);
  if (!skip.includes('agent')) await user.click(screen.getByRole('radio', { name: 'AI Receptionist' }));
  if (!skip.includes('name')) await user.type(screen.getByRole('textbox', { name: 'Name' }), name);
  // The phone input loads when the visitor reaches for the form.
  await user.hover(screen.getByRole('radiogroup', { name: 'Choose a demo agent' }));
  // The first paint's input is live at once; the library's field comes with its country menu.
  await screen.findByRole('combobox', { name: 'Phone number country' }, { timeout: 10_000 });
  const phone = screen.getByRole('textbox', { name: 'Phone Number' });
  await user.type(phone, '9876543210');
  await user.click(screen.getByRole('button', { name: 'Get OTP' }));
  if (!skip.includes('phone')) {
    await user.type(screen.getByRole('textbox', { name: 'OTP' }), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByText('Phone number verified')).toBeTruthy();
  }
  if (!skip.includes('consent')) await user.click(screen.getByRole('checkbox'));
  return screen.getByRole('button', { name: 'Get a Call' });
}

describe('Get a Call', () => {
  const missing: { label: string; options: Parameters<typeof fill>[0]; step: string }[] = [
    { label: 'no agent is chosen', options: { skip: ['agent'] }, step: 'choose an agent' },
    { label: 'the name is empty', options: { skip: ['name'] }, step: 'enter your name' },
    { label: 'the name is only spaces', options: { name: ' \t ' }, step: 'enter your name' },
    { label: 'the OTP is requested but not verified', options: { skip: ['phone'] }, step: 'verify your phone number' },
    { label: 'consent is not ticked', options: { skip: ['consent'] }, step: 'tick the consent box' },
  ];
  for (const { label, options, step } of missing) {
    it(`stays disabled when ${label}, and the hint says so`, async () => {
      const submit = await fill(options);
      expect((submit as HTMLButtonElement).disabled).toBe(true);
      expect(document.getElementById(submit.getAttribute('aria-describedby')!)!.textContent).toBe(hintFor(step));
    }, 20_000);
  }

  it('is enabled, with no hint, once every step is done', async () => {
    const submit = await fill();
    expect((submit as HTMLButtonElement).disabled).toBe(false);
    expect(document.getElementById(submit.getAttribute('aria-describedby')!)!.textContent).toBe('');
  }, 20_000);
});
