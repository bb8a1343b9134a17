import type { Locator, Page } from '@playwright/test';
import { STUB_ORIGIN } from '../support/ports';

/** The feedback widget's strings, verbatim (README, `<ai-feedback>`): a reworded string must fail the tests. */
export const BANNER = 'Failed to submit feedback. Please try again.';
export const THANKS = 'Thank You for Your Feedback!';

export interface Fields {
  name: string;
  email: string;
  message: string;
}

export const EVENTS = ['ai-feedback-submit', 'ai-feedback-success', 'ai-feedback-error'];

export const SAMPLE: Fields = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  message: 'The voice demo sounded human.',
};

/** Characters a careless form might trim, escape or drop. */
export const ODD: Fields = {
  name: '  Zoë O’Brien-Łukasiewicz ',
  email: 'zoe+feedback@example.co.uk',
  message: 'Line one\nLine two — “quoted” <b>not bold</b> & 🚀\n',
};

export type StubMode = 'ok' | 'error' | 'hang';

/** The stub backend for `ns`: the widget posts to `{this}/feedback`. */
export const backend = (mode: StubMode, ns: string) => `${STUB_ORIGIN}/feedback/${mode}/${ns}`;

/** The parts of one `<ai-feedback>` a visitor sees, found through its open shadow root. */
export function feedback(page: Page, id: string, label = 'Share Feedback') {
  const host = page.locator(`#${id}`);
  const dialog = host.getByRole('dialog');
  return {
    host,
    dialog,
    trigger: host.getByRole('button', { name: label, exact: true }),
    name: dialog.getByLabel('Name', { exact: true }),
    email: dialog.getByLabel('Email', { exact: true }),
    message: dialog.getByLabel('Feedback', { exact: true }),
    submit: dialog.locator('[part="submit-button"]'),
    closeX: dialog.locator('[part="close-button"]'),
    banner: dialog.getByRole('alert'),
    thanks: dialog.getByRole('heading', { name: THANKS }),
    /** Points the element at a backend, as a page would at runtime. */
    useBackend: (url: string) => host.evaluate((el, u) => el.setAttribute('backend-url', u), url),
    async fill(fields: Fields) {
      await dialog.getByLabel('Name', { exact: true }).fill(fields.name);
      await dialog.getByLabel('Email', { exact: true }).fill(fields.email);
      await dialog.getByLabel('Feedback', { exact: true }).fill(fields.message);
    },
  };
}

export type FeedbackWidget = ReturnType<typeof feedback>;

/** Values of the three fields, for asserting that nothing typed was lost. */
export async function values(w: FeedbackWidget): Promise<Fields> {
  return { name: await w.name.inputValue(), email: await w.email.inputValue(), message: await w.message.inputValue() };
}

/** Console errors the page logs from now on. */
export function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  return errors;
}

/**
 * Holds every request to `url` until `release()` is called, then lets it through to the stub.
 * `count()` is how many requests the page made meanwhile.
 */
export async function holdRequests(page: Page, url: string) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let seen = 0;
  await page.route(url, async (route) => {
    if (route.request().method() === 'POST') seen += 1;
    await gate;
    await route.continue();
  });
  return { release, count: () => seen };
}

/**
 * Watches the document for the first `type` event. The returned function tells how it arrived:
 * its flags, its detail, and whether its target (retargeted out of the shadow root) is `host`.
 */
export async function watchArrival(host: Locator, type: string) {
  await host.evaluate((el, name) => {
    document.addEventListener(
      name,
      (e) => {
        const arrival = {
          bubbles: e.bubbles,
          composed: e.composed,
          atHost: e.target === el,
          detail: (e as CustomEvent).detail,
        };
        Object.assign(window, { arrival });
      },
      { once: true },
    );
  }, type);
  return () => host.page().evaluate(() => (window as { arrival?: unknown }).arrival);
}
