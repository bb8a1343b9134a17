import { PREVIEW_ORIGIN } from '../support/ports';
import {
  AGENTS,
  consentWording,
  demoForm,
  fillForm,
  hintFor,
  ready,
  recordRequests,
  requestOtp,
  typePhone,
  verifyPhone,
} from './demo-request.form';
import { test as base, events, expect, recordEvents } from './fixtures';

/** The only files an example page may fetch: itself, its own assets, and the built widgets. */
const STATIC_FILE = /^GET \/(examples\/[\w-]+\.(html|css|js)|dist\/widgets\/((chunks\/)?[\w.-]+\.js|ai-widgets\.css))$/;

const test = base.extend<{ requests: string[] }>({
  // Auto, so every test runs with outside hosts blocked (`external`) and ends with two checks:
  // no blocked request (a flag CDN, say) and nothing fetched beyond the page's static files.
  requests: [
    async ({ page, external }, use) => {
      const requests = recordRequests(page);
      await use(requests);
      expect(external, 'requests to non-loopback hosts').toEqual([]);
      const other = requests.map((r) => r.replace(PREVIEW_ORIGIN, '')).filter((r) => !STATIC_FILE.test(r));
      expect(other, 'requests other than static files').toEqual([]);
    },
    { auto: true },
  ],
});

test.describe('examples/demo-request.html', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/examples/demo-request.html');
    await ready(demoForm(page, 'demo'));
  });

  test('shows the four agent cards with the spec titles and descriptions, none selected', async ({ page }) => {
    const form = demoForm(page, 'demo');
    await expect(form.group.getByRole('radio')).toHaveCount(4);
    for (const [i, agent] of AGENTS.entries()) {
      // Named by the title alone; the description is the radio's description, not part of its name.
      await expect(form.radios.nth(i)).toHaveAccessibleName(agent.title);
      await expect(form.radio(agent.title)).not.toBeChecked();
      await expect(form.card(agent.title)).toContainText(agent.title);
      if (agent.description) {
        await expect(form.radio(agent.title)).toHaveAccessibleDescription(agent.description);
        await expect(form.card(agent.title).getByText(agent.description, { exact: true })).toBeVisible();
      }
    }
    await expect(form.selectedMarkers).toHaveCount(0);
  });

  test('a click selects one card and marks only it; another click replaces the selection', async ({ page }) => {
    const form = demoForm(page, 'demo');
    await form.card('AI Receptionist').click();
    await expect(form.radio('AI Receptionist')).toBeChecked();
    await expect(form.card('AI Receptionist').getByText('Selected', { exact: true })).toBeVisible();
    await expect(form.selectedMarkers).toHaveCount(1);

    await form.card('AI Customer Support (Hindi)').click();
    await expect(form.radio('AI Customer Support (Hindi)')).toBeChecked();
    await expect(form.radio('AI Receptionist')).not.toBeChecked();
    await expect(form.card('AI Customer Support (Hindi)').getByText('Selected', { exact: true })).toBeVisible();
    await expect(form.selectedMarkers).toHaveCount(1);
  });

  test('the cards are one tab stop, and arrow keys move and change the selection', async ({ page }) => {
    const form = demoForm(page, 'demo');
    await page.keyboard.press('Tab');
    await expect(form.radio('AI Receptionist')).toBeFocused();
    await expect(form.radio('AI Receptionist')).not.toBeChecked();

    await page.keyboard.press('ArrowDown');
    await expect(form.radio('AI Real-Estate Cold Caller')).toBeFocused();
    await expect(form.radio('AI Real-Estate Cold Caller')).toBeChecked();
    await expect(form.card('AI Real-Estate Cold Caller').getByText('Selected', { exact: true })).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expect(form.radio('AI Customer Support (Hindi)')).toBeChecked();
    await page.keyboard.press('ArrowUp');
    await expect(form.radio('AI Real-Estate Cold Caller')).toBeChecked();
    await expect(form.selectedMarkers).toHaveCount(1);

    await page.keyboard.press('Tab');
    await expect(form.name).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(form.radio('AI Real-Estate Cold Caller')).toBeFocused();
  });

  test('starts with the name, an Indian phone field with Get OTP inside it, and an unticked consent', async ({
    page,
  }) => {
    const form = demoForm(page, 'demo');
    await expect(form.name).toHaveAttribute('placeholder', 'Enter your name');
    await expect(form.name).toHaveValue('');
    await expect(form.phone).toHaveValue('+91');
    await expect(form.country).toHaveValue('IN');
    await expect(form.getOtp).toBeVisible();
    await expect(form.otp).toHaveCount(0);
    await expect(form.verified).toHaveCount(0);
    await expect(form.consent()).not.toBeChecked();
    await expect(form.submit).toBeDisabled();
    await expect(form.submit).toHaveAccessibleDescription(
      hintFor('choose an agent', 'enter your name', 'verify your phone number', 'tick the consent box'),
    );
    await expect(
      form.root.getByText(
        hintFor('choose an agent', 'enter your name', 'verify your phone number', 'tick the consent box'),
      ),
    ).toBeVisible();
  });

  test('the consent checkbox toggles freely, and brand-name replaces "our"', async ({ page }) => {
    const form = demoForm(page, 'demo');
    await form.consent().check();
    await expect(form.consent()).toBeChecked();
    await form.consent().uncheck();
    await expect(form.consent()).not.toBeChecked();
    await form.root.getByText(consentWording(), { exact: true }).click();
    await expect(form.consent()).toBeChecked();

    await form.root.evaluate((el) => el.setAttribute('brand-name', 'Acme'));
    await expect(form.consent('Acme')).toBeChecked();
    await expect(form.consent()).toHaveCount(0);
  });

  test('Get OTP gives way to the OTP field and Verify, and Verify to "Phone number verified"', async ({ page }) => {
    const form = demoForm(page, 'demo');
    // The confirmation's live region must exist before it fills, or it is not announced.
    const confirmation = form.root.getByRole('status').filter({ hasNotText: 'To get a call' });
    await expect(confirmation).toHaveText('');
    await typePhone(form, '98765 43210');
    await expect(form.phone).toHaveValue('+91 98765 43210');

    await form.getOtp.click();
    await expect(form.getOtp).toHaveCount(0);
    await expect(form.otp).toBeVisible();
    await expect(form.otp).toBeFocused();
    await expect(form.verify).toBeVisible();
    await expect(form.verified).toHaveCount(0);

    await form.otp.fill('123456');
    await form.verify.click();
    await expect(form.verified).toBeVisible();
    await expect(confirmation).toHaveText('Phone number verified');
    await expect(form.otp).toHaveCount(0);
    await expect(form.verify).toHaveCount(0);
    await expect(form.getOtp).toHaveCount(0);
    await expect(form.consent()).toBeFocused();
  });

  test('Verify needs only the press in demo mode: an empty OTP is not checked', async ({ page }) => {
    const form = demoForm(page, 'demo');
    await requestOtp(form);
    await form.verify.click();
    await expect(form.verified).toBeVisible();
  });

  test('changing the number after verification brings Get OTP back', async ({ page }) => {
    const form = demoForm(page, 'demo');
    await verifyPhone(form, '98765 43210');
    await form.phone.press('End'); // focusing by script leaves the caret at the start
    await form.phone.press('Backspace');
    await expect(form.phone).toHaveValue('+91 98765 4321');
    await expect(form.verified).toHaveCount(0);
    await expect(form.getOtp).toBeEnabled();
    await expect(form.otp).toHaveCount(0);

    // Back to the verified digits: that verification was for an earlier edit, not this one.
    await form.phone.press('0');
    await expect(form.phone).toHaveValue('+91 98765 43210');
    await expect(form.getOtp).toBeEnabled();
    await expect(form.verified).toHaveCount(0);
  });

  // Which step keeps Get a Call disabled, and the hint that names it, are component tests
  // (widgets/demo-request/DemoRequest.test.tsx): five page loads and form fills less here.

  test('Get a Call logs the agent, sends the lead as an event to the page, and fetches nothing', async ({
    page,
    requests,
  }) => {
    const form = demoForm(page, 'demo');
    const logs: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'log') logs.push(message.text());
    });
    await recordEvents(page, ['ai-demo-request-submit']);
    const before = requests.length;

    await fillForm(form, { agent: 'AI Real-Estate Cold Caller', name: 'Asha Rao' });
    await expect(form.submit).toBeEnabled();
    await expect(form.submit).toHaveAccessibleDescription('');
    await form.submit.click();

    // Heard on `document` with the host as target: the event bubbles and leaves the shadow root.
    await expect
      .poll(() => events(page))
      .toEqual([
        {
          type: 'ai-demo-request-submit',
          detail: { agentId: 'realEstate', name: 'Asha Rao', phone: '+919876543210' },
          target: 'demo',
        },
      ]);
    expect(logs).toEqual(['Selected agent: realEstate']);
    await expect(page.locator('#lead')).toHaveText('Agent: realEstate\nName: Asha Rao\nPhone: +919876543210');
    expect(requests.slice(before), 'requests made while filling in and sending the form').toEqual([]);
  });
});

test.describe('examples/multiple.html', () => {
  test('two forms keep their own selection, fields and default country', async ({ page }) => {
    // Six widgets on one page and the most steps here: near the 30 s limit on a loaded machine.
    test.slow();
    await page.goto('/examples/multiple.html');
    const a = demoForm(page, 'demo-a');
    const b = demoForm(page, 'demo-b');
    await ready(a);
    await ready(b);
    await expect(a.phone).toHaveValue('+91');
    await expect(b.phone).toHaveValue('+44');
    await expect(b.country).toHaveValue('GB');

    await a.card('AI Receptionist').click();
    await expect(a.radio('AI Receptionist')).toBeChecked();
    await expect(b.radio('AI Receptionist')).not.toBeChecked();
    await expect(b.selectedMarkers).toHaveCount(0);

    await b.card('AI Customer Support (English)').click();
    await expect(b.radio('AI Customer Support (English)')).toBeChecked();
    await expect(a.radio('AI Receptionist')).toBeChecked();
    await expect(a.radio('AI Customer Support (English)')).not.toBeChecked();

    await a.name.fill('Asha');
    await requestOtp(a, '98765');
    await expect(b.name).toHaveValue('');
    await expect(b.getOtp).toBeVisible();
    await expect(b.otp).toHaveCount(0);
  });
});
