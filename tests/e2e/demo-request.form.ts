import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';
import { patience } from '../support/slowdown.mjs';

/** The four demo agents as the form shows them, in order (README, `<ai-demo-request>`). */
export const AGENTS = [
  {
    id: 'receptionist',
    title: 'AI Receptionist',
    description: 'Handles patient appointment bookings, queries and payments.',
  },
  {
    id: 'realEstate',
    title: 'AI Real-Estate Cold Caller',
    description: 'Engages leads, gathers requirements, qualifies leads.',
  },
  { id: 'supportHindi', title: 'AI Customer Support (Hindi)', description: 'Available in all regional languages.' },
  { id: 'supportEnglish', title: 'AI Customer Support (English)', description: null },
] as const;

export type AgentTitle = (typeof AGENTS)[number]['title'];

/** The built-in consent sentence: naming the brand's services, or "from us" without a brand-name. */
export const consentWording = (brand?: string) =>
  `I agree to receive messages, including automated calls and AI-powered demo calls, from ${brand ? `${brand} services` : 'us'} at the contact information provided.`;

/** The hint under Get a Call, which is also the button's accessible description. */
export const hintFor = (...steps: string[]) =>
  `To get a call, ${steps.length > 1 ? `${steps.slice(0, -1).join(', ')} and ${steps.at(-1)}` : steps[0]}.`;

/** One `<ai-demo-request>` as a visitor sees it; locators pierce its open shadow root. */
export const demoForm = (page: Page, id: string) => demoFormIn(page, page.locator(`#${id}`));

/** The form inside `root` (an `<ai-demo-request>`), as `demoForm`. */
export function demoFormIn(page: Page, root: Locator) {
  const phoneBox = root.locator('.PhoneInput');
  const radio = (title: AgentTitle) => root.getByRole('radio', { name: title, exact: true });
  return {
    root,
    group: root.getByRole('radiogroup', { name: 'Choose a demo agent' }),
    radios: root.getByRole('radio'),
    radio,
    /** The clickable card around a radio (`has` is relative to each label, hence `page`). */
    card: (title: AgentTitle) =>
      root.locator('label').filter({ has: page.getByRole('radio', { name: title, exact: true }) }),
    selectedMarkers: root.getByText('Selected', { exact: true }),
    name: root.getByRole('textbox', { name: 'Name', exact: true }),
    phone: root.getByRole('textbox', { name: 'Phone Number', exact: true }),
    country: root.getByRole('combobox', { name: 'Phone number country' }),
    phoneBox,
    getOtp: phoneBox.getByRole('button', { name: 'Get OTP', exact: true }),
    otp: root.getByRole('textbox', { name: 'OTP', exact: true }),
    verify: root.getByRole('button', { name: 'Verify', exact: true }),
    verified: root.getByText('Phone number verified', { exact: true }),
    consent: (brand?: string) => root.getByRole('checkbox', { name: consentWording(brand), exact: true }),
    submit: root.getByRole('button', { name: 'Get a Call', exact: true }),
  };
}

export type DemoForm = ReturnType<typeof demoForm>;

/**
 * Waits for the lazily loaded phone chunk, the last part of the form to appear. Its ~460 KB
 * (all flags and metadata) can take longer than the default 5 s to parse on a busy machine.
 */
export async function ready(form: DemoForm): Promise<void> {
  // The phone input loads when a visitor reaches for the form: point at it, as they would.
  await form.root.hover();
  await expect(form.phone).toBeEditable({ timeout: patience(15_000) });
  // The first paint's input is live at once; the library's field comes with its country menu.
  await expect(form.root.locator('select.PhoneInputCountrySelect')).toBeAttached({ timeout: patience(15_000) });
}

/** Types national digits after the fixed country calling code, as a visitor would. */
export async function typePhone(form: DemoForm, digits: string): Promise<void> {
  await form.phone.click();
  await form.phone.press('End');
  await form.phone.pressSequentially(digits);
}

export async function requestOtp(form: DemoForm, digits = '98765 43210'): Promise<void> {
  await typePhone(form, digits);
  await form.getOtp.click();
  await expect(form.otp).toBeVisible();
}

/**
 * Gets a code and gives it. With a backend a whole code checks itself; without one (demo mode) Verify
 * is pressed, as verification there is the press alone.
 */
export async function verifyPhone(form: DemoForm, digits?: string): Promise<void> {
  await requestOtp(form, digits);
  await form.otp.fill('123456');
  const live = await form.root.evaluate((el) => Boolean((el as HTMLElement & { backendUrl?: string }).backendUrl));
  if (!live) await form.verify.click();
  await expect(form.verified).toBeVisible();
}

export interface FillOptions {
  agent?: AgentTitle;
  name?: string;
  skip?: ('agent' | 'name' | 'phone' | 'consent')[];
}

/** Fills in everything Get a Call needs, except the steps named in `skip`. */
export async function fillForm(
  form: DemoForm,
  { agent = 'AI Receptionist', name = 'Asha Rao', skip = [] }: FillOptions = {},
): Promise<void> {
  if (!skip.includes('agent')) await form.card(agent).click();
  if (!skip.includes('name')) await form.name.fill(name);
  if (!skip.includes('phone')) await verifyPhone(form);
  if (!skip.includes('consent')) await form.consent().check();
}

/** Collects every request the page makes, as "METHOD url". */
export function recordRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => seen.push(`${request.method()} ${request.url()}`));
  return seen;
}
