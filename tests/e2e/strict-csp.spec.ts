import { cspViolations, expect, test } from './fixtures';
import { patience } from '../support/slowdown.mjs';

test('under script-src and style-src self, all three widgets render and work', async ({ page }) => {
  const violations = await cspViolations(page);
  await page.goto('/examples/strict-csp.html');

  // Styles apply (adopted stylesheets are allowed where <style> would be blocked).
  const button = page.locator('#voice').getByRole('button', { name: 'Start a voice call with our AI agent' });
  await expect(button).toHaveCSS('border-radius', '50%');
  await page.evaluate(async () => {
    const { createScriptedClient } = await import('/examples/scripted-client.js' as string);
    const client = createScriptedClient();
    Object.assign(document.getElementById('voice')!, { client });
    (window as unknown as { client: typeof client }).client = client;
  });
  await button.click();
  await page.waitForFunction(() => (window as unknown as { client: { calls: string[] } }).client.calls.length > 0);
  await page.evaluate(() => (window as unknown as { client: { emit(e: string): void } }).client.emit('call-start'));
  await expect(page.locator('#voice').getByRole('status')).toHaveText('Click to end the call');

  const feedback = page.locator('#feedback');
  await feedback.getByRole('button', { name: 'Share Feedback' }).click();
  const dialog = feedback.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Strict Page');
  await dialog.getByRole('textbox', { name: 'Email' }).fill('csp@example.com');
  await dialog.getByRole('textbox', { name: 'Feedback' }).fill('Works under a strict CSP.');
  await dialog.getByRole('button', { name: 'Submit Feedback' }).click();
  await expect(dialog.getByRole('heading', { name: 'Thank You for Your Feedback!' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();

  const demo = page.locator('#demo');
  await demo.getByText('AI Receptionist').click();
  await demo.getByRole('textbox', { name: 'Name', exact: true }).fill('Asha');
  const phone = demo.getByRole('textbox', { name: 'Phone Number', exact: true });
  await expect(phone).toBeEditable({ timeout: patience(15_000) });
  await phone.click();
  await phone.press('End');
  await phone.pressSequentially('9876543210');
  await demo.getByRole('button', { name: 'Get OTP' }).click();
  await demo.getByRole('button', { name: 'Verify' }).click();
  await expect(demo.getByText('Phone number verified')).toBeVisible();
  await demo.getByRole('checkbox').check();
  await expect(demo.getByRole('button', { name: 'Get a Call' })).toBeEnabled();

  expect(violations).toEqual([]);
});

test('typed conversations, two at once, under a strict CSP whose connect-src lists only the provider', async ({
  page,
}) => {
  const violations = await cspViolations(page);
  await page.addInitScript(() => {
    const w = window as unknown as { microphone: number };
    w.microphone = 0;
    navigator.mediaDevices.getUserMedia = () => (w.microphone++, Promise.reject(new Error('not asked for')));
  });
  // The provider's web chat (the default api-url): each answer says which assistant and which session it came from.
  const asked: { assistantId: string; input: unknown; sessionId?: string }[] = [];
  await page.route('https://api.vapi.ai/chat/web', async (route) => {
    const body = route.request().postDataJSON();
    asked.push(body);
    const sessionId = body.sessionId ?? `session-${body.assistantId}`;
    const piece = (delta: string) =>
      `data: ${JSON.stringify({ id: 'm', sessionId, path: 'chat.output[0].content', delta })}\n\n`;
    await route.fulfill({
      contentType: 'text/event-stream',
      body: `${piece(`${body.assistantId} `)}${piece('answers.')}data: [DONE]\n\n`,
    });
  });
  // The policy docs/embedding.md gives a page with a typed conversation, and nothing more.
  await page.route('**/examples/strict-text.html', (route) =>
    route.fulfill({
      contentType: 'text/html',
      headers: {
        'content-security-policy':
          "default-src 'none'; script-src 'self'; style-src 'self'; connect-src https://api.vapi.ai; img-src 'self' data:",
      },
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Two typed conversations</title>
<script src="../dist/widgets/ai-widgets.js" async></script></head><body>
<ai-voice-demo id="sales" mode="text" public-key="pk" assistant-id="sales-agent"></ai-voice-demo>
<ai-voice-demo id="support" mode="text" public-key="pk" assistant-id="support-agent"></ai-voice-demo>
</body></html>`,
    }),
  );
  await page.goto('/examples/strict-text.html');
  const field = (id: string) => page.locator(`#${id}`).getByRole('textbox', { name: 'Message to the AI agent' });
  const log = (id: string) => page.locator(`#${id}`).getByRole('log', { name: 'Conversation' }).locator('.caption');
  await field('sales').fill('Prices?');
  await field('support').fill('Opening hours?');
  await field('sales').press('Enter');
  await field('support').press('Enter');
  await expect(log('sales')).toHaveText(['You: Prices?', 'Agent: sales-agent answers.']);
  await expect(log('support')).toHaveText(['You: Opening hours?', 'Agent: support-agent answers.']);
  // Each goes on in its own session.
  await field('support').fill('And Sunday?');
  await field('support').press('Enter');
  await expect(log('support')).toHaveText([
    'You: Opening hours?',
    'Agent: support-agent answers.',
    'You: And Sunday?',
    'Agent: support-agent answers.',
  ]);
  await expect(log('sales')).toHaveCount(2);
  expect(asked.at(-1)).toMatchObject({ assistantId: 'support-agent', sessionId: 'session-support-agent' });
  // Styles applied from adopted sheets, not blocked <style>.
  await expect(page.locator('#sales').getByRole('button', { name: 'Send', exact: true })).not.toHaveCSS(
    'background-color',
    'rgba(0, 0, 0, 0)',
  );
  expect(await page.evaluate(() => (window as unknown as { microphone: number }).microphone)).toBe(0);
  expect(violations).toEqual([]);
});
