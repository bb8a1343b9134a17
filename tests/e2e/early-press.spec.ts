import type { Page, Route } from '@playwright/test';
import { demoFormIn } from './demo-request.form';
import { expect, test } from './fixtures';
import { patience } from '../support/slowdown.mjs';

// No press made on /experience before React has taken over the form is lost (issue 44): the
// component's chunk is held, the visitor acts on the first paint, the chunk comes.

/** Holds the form's component chunk until `release()`; `arrived` settles once it has been delivered. */
async function holdComponent(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let requested = false;
  await page.route(/\/DemoRequest[.-][\w-]+\.js$/, async (route: Route) => {
    requested = true;
    await released;
    await route.continue();
  });
  const arrived = page.waitForEvent('requestfinished', (request) => /\/DemoRequest[.-]/.test(request.url()));
  return {
    requested: () => expect.poll(() => requested, { timeout: patience(15_000) }).toBe(true),
    /** Lets the chunk through and waits until it is in and evaluated (a few tasks on). */
    async deliver() {
      release();
      await arrived;
      await page.evaluate(() => new Promise((done) => setTimeout(done, 100)));
    },
  };
}

async function open(page: Page) {
  const chunk = await holdComponent(page);
  await page.goto('/experience');
  return { chunk, form: demoFormIn(page, page.locator('ai-demo-request')) };
}

/** React has drawn the form: only its cards show the Selected marker. */
const reactIsIn = (form: ReturnType<typeof demoFormIn>) =>
  expect(form.selectedMarkers).toHaveCount(1, { timeout: patience(15_000) });

test.describe('a press on the first paint of /experience, before React', () => {
  test('a card clicked while the component is on its way is selected once it has come', async ({ page }) => {
    const { chunk, form } = await open(page);
    await form.card('AI Real-Estate Cold Caller').click();
    await chunk.requested();
    await chunk.deliver();
    await reactIsIn(form);
    await expect(form.radio('AI Real-Estate Cold Caller')).toBeChecked();
    await expect(form.submit).toHaveAccessibleDescription(
      'To get a call, enter your name, verify your phone number and tick the consent box.',
    );
  });

  test('the consent box ticked and the name typed are kept, with the caret', async ({ page }) => {
    const { chunk, form } = await open(page);
    await form.root.getByRole('checkbox').check();
    await form.name.click();
    await form.name.pressSequentially('Asha Rao');
    await form.name.press('ArrowLeft');
    await chunk.requested();
    await chunk.deliver();
    await form.name.pressSequentially('x');
    await expect(form.name).toHaveValue('Asha Raxo');
    await expect(form.root.getByRole('checkbox')).toBeChecked();
    await expect(form.submit).toHaveAccessibleDescription(
      'To get a call, choose an agent and verify your phone number.',
    );
  });

  test('a card pressed as the component arrives and let go after is selected', async ({ page }) => {
    const { chunk, form } = await open(page);
    const box = (await form.card('AI Receptionist').boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await chunk.requested();
    await chunk.deliver();
    await page.mouse.up();
    await reactIsIn(form);
    await expect(form.radio('AI Receptionist')).toBeChecked();
  });

  test('the consent sentence pressed as the component arrives ticks the box', async ({ page }) => {
    const { chunk, form } = await open(page);
    const box = (await form.root.locator('.consent span').boundingBox())!;
    await page.mouse.move(box.x + 20, box.y + box.height / 2);
    await page.mouse.down();
    await chunk.requested();
    await chunk.deliver();
    await page.mouse.up();
    await expect(form.root.getByRole('checkbox')).toBeChecked();
    await expect(form.submit).toHaveAccessibleDescription(
      'To get a call, choose an agent, enter your name and verify your phone number.',
    );
  });

  test('Space held on the consent box as the component arrives ticks it when let go', async ({ page }) => {
    const { chunk, form } = await open(page);
    await form.root.getByRole('checkbox').focus();
    await page.keyboard.down(' ');
    await chunk.requested();
    await chunk.deliver();
    await page.keyboard.up(' ');
    await expect(form.root.getByRole('checkbox')).toBeChecked();
    await expect(form.root.getByRole('checkbox')).toBeFocused();
    await expect(form.submit).toHaveAccessibleDescription(
      'To get a call, choose an agent, enter your name and verify your phone number.',
    );
  });
});

test.describe('the phone field of the first paint', () => {
  test('is a live input named "Phone Number" that the keyboard reaches and types in before any code; the number is handed over', async ({
    page,
  }) => {
    const { chunk, form } = await open(page);
    const phone = form.root.getByRole('textbox', { name: 'Phone Number', exact: true });
    await expect(phone).toHaveValue('+91');
    await expect(form.root.getByRole('textbox', { name: /loading/ })).toHaveCount(0);
    await form.name.click();
    await page.keyboard.press('Tab');
    await expect(phone).toBeFocused();
    await page.keyboard.press('End');
    await page.keyboard.type('98765 4321', { delay: 20 });
    await chunk.requested();
    await chunk.deliver();
    // The library's field takes the number over, formatted, with focus and the caret at the end.
    await expect(form.root.locator('select.PhoneInputCountrySelect')).toBeAttached({ timeout: patience(15_000) });
    await expect(phone).toBeFocused();
    await page.keyboard.type('0');
    await expect(phone).toHaveValue('+91 98765 43210');
    await expect(form.getOtp).toBeEnabled();
  });

  test('typing while its own chunk arrives loses no digit, and the caret stays between the same digits', async ({
    page,
  }) => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/PhoneField[.-][\w-]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto('/experience');
    const form = demoFormIn(page, page.locator('ai-demo-request'));
    const phone = form.root.locator('input[type="tel"]');
    await phone.click();
    await phone.press('End');
    await phone.pressSequentially('98765 3210', { delay: 20 });
    // Back before "3210": the missing digit goes there.
    for (let i = 0; i < 4; i++) await phone.press('ArrowLeft');
    release();
    await expect(form.root.locator('select.PhoneInputCountrySelect')).toBeAttached({ timeout: patience(15_000) });
    await phone.press('4');
    await expect(phone).toHaveValue('+91 98765 43210');
    await expect(phone).toBeFocused();
  });
});
