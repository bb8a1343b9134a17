import { expect, test } from './fixtures';

test.describe('on a page we do not control', () => {
  test('hostile host CSS cannot break the widgets', async ({ page }) => {
    await page.goto('/examples/hostile.html');
    const voice = page.locator('#voice');
    const button = voice.getByRole('button', { name: 'Start a voice call with our AI agent' });
    await expect(button).toBeVisible();
    const box = await button.boundingBox();
    expect(box?.width).toBeCloseTo(72, 0);

    const tooltip = voice.getByRole('status');
    await expect(tooltip).toHaveText('Click to experience our AI agent');
    // The page sets html to 40px, red, uppercase, letter-spaced: none of it gets in.
    const style = await tooltip.evaluate((el) => {
      const s = getComputedStyle(el);
      return { fontSize: s.fontSize, color: s.color, textTransform: s.textTransform, letterSpacing: s.letterSpacing };
    });
    expect(style).toEqual({
      fontSize: '14px',
      color: 'rgb(255, 255, 255)',
      textTransform: 'none',
      letterSpacing: 'normal',
    });

    await page.locator('#feedback').getByRole('button', { name: 'Share Feedback' }).click();
    const dialog = page.locator('#feedback').getByRole('dialog', { name: 'Share Your Feedback' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'Name' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    const demo = page.locator('#demo');
    await demo.getByText('AI Receptionist').click();
    await expect(demo.getByRole('radio', { name: 'AI Receptionist' })).toBeChecked();
    await expect(demo.getByText('Selected', { exact: true })).toBeVisible();
    await expect(demo.getByRole('button', { name: 'Get OTP' })).toBeVisible();
  });

  test("nothing is injected into the host document but the rules that keep the demo form's and the voice card's places until they are defined", async ({
    page,
  }) => {
    await page.goto('/examples/index.html');
    // Every widget fully drawn: the demo form loads its phone input when the pointer comes.
    await page.locator('#demo').hover();
    await expect(page.locator('#demo').getByRole('button', { name: 'Get OTP' })).toBeVisible();
    const host = await page.evaluate(() => ({
      styles: document.querySelectorAll('style').length,
      // The loader's one sheet: each rule is about an undefined <ai-demo-request> or <ai-voice-demo>, at no specificity.
      adopted: document.adoptedStyleSheets.map((sheet) =>
        [...sheet.cssRules].every((rule) =>
          /^:where\(ai-(demo-request|voice-demo)[^{]*:not\(:defined\)\) \{/.test(
            rule.cssText.startsWith('@media') ? (rule as CSSMediaRule).cssRules[0]!.cssText : rule.cssText,
          ),
        ),
      ),
      sheets: [...document.styleSheets].map((s) => (s.href ? new URL(s.href).pathname : 'inline')),
      bodyChildren: [...document.body.children].map((el) => el.localName),
    }));
    expect(host).toEqual({
      styles: 0,
      adopted: [true],
      sheets: ['/examples/examples.css'],
      bodyChildren: ['h1', 'p', 'nav', 'section', 'section'],
    });
  });

  test('the script included twice is harmless, and two of each widget work side by side', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await page.goto('/examples/multiple.html');
    for (const id of ['voice-a', 'voice-b'])
      await expect(page.locator(`#${id}`).getByRole('status')).toHaveText('Click to experience our AI agent');
    for (const id of ['feedback-a', 'feedback-b'])
      await expect(page.locator(`#${id}`).getByRole('button', { name: 'Share Feedback' })).toBeVisible();
    for (const id of ['demo-a', 'demo-b']) await page.locator(`#${id}`).hover();
    await expect(page.locator('#demo-a').getByRole('textbox', { name: 'Phone Number' })).toHaveValue('+91');
    await expect(page.locator('#demo-b').getByRole('textbox', { name: 'Phone Number' })).toHaveValue('+44');

    await page.locator('#feedback-a').getByRole('button', { name: 'Share Feedback' }).click();
    await expect(page.locator('#feedback-a').getByRole('dialog')).toBeVisible();
    await expect(page.locator('#feedback-b').getByRole('dialog')).toBeHidden();
    await page.keyboard.press('Escape');

    await page.locator('#demo-a').getByText('AI Receptionist').click();
    await expect(page.locator('#demo-a').getByRole('radio', { name: 'AI Receptionist' })).toBeChecked();
    await expect(page.locator('#demo-b').getByRole('radio', { name: 'AI Receptionist' })).not.toBeChecked();
    expect(errors).toEqual([]);
  });

  test('attributes set after the element exists take effect', async ({ page }) => {
    await page.goto('/examples/multiple.html');
    const demo = page.locator('#demo-b');
    await demo.evaluate((el) => el.setAttribute('brand-name', 'Acme'));
    await expect(demo.getByText('from Acme services at the contact information provided.')).toBeVisible();
  });
});

test('a partner restyles the voice demo with custom properties and ::part', async ({ page }) => {
  await page.goto('/examples/partner.html');
  const voice = page.locator('#voice');
  const button = voice.getByRole('button', { name: 'Start a voice call with our AI agent' });
  await expect(button).toHaveCSS('background-color', 'rgb(15, 118, 110)');
  await expect(button).toHaveCSS('width', '96px');
  await expect(button).toHaveCSS('box-shadow', 'rgb(153, 246, 228) 0px 0px 0px 6px');
  const tooltip = voice.getByRole('status');
  await expect(tooltip).toHaveCSS('border-radius', '8px');
  await expect(tooltip).toHaveCSS('background-color', 'rgb(19, 78, 74)');
  await expect(tooltip).toHaveCSS('font-family', 'Georgia, "Times New Roman", serif');
});
