import { expect, test } from './fixtures';
import { fakeService, fillIn, open } from './demo-request.contract';

// The name's limit where it applies (issue 44): counted as the service counts it (the characters a
// person sees), said under the field, never maxlength; the service's refusal of it under it too.

test('a name over 100 characters is said under the field as it is typed, and nothing can be sent', async ({
  page,
}, testInfo) => {
  const posted = await fakeService(page);
  const f = await open(page);
  await fillIn(f);
  // 100 Devanagari syllables of four code points each: 100 characters to a reader and to the service.
  await f.name.fill('क्षि'.repeat(100));
  await expect(f.root.locator('#name-problem')).toHaveCount(0);
  await expect(f.submit).toBeEnabled();
  await expect(f.name).not.toHaveAttribute('maxlength');
  await f.name.press('End');
  await f.name.pressSequentially('a');
  const said = 'Your name must be at most 100 characters.';
  await expect(f.root.locator('#name-problem')).toHaveText(said);
  await expect(f.name).toHaveAccessibleDescription(said);
  await expect(f.name).toHaveAttribute('aria-invalid', 'true');
  await expect(f.submit).toBeDisabled();
  await expect(f.submit).toHaveAccessibleDescription('To get a call, shorten your name.');
  for (const width of [320, 390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await f.name.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`demo-name-too-long-${width}.png`) });
  }
  await f.name.press('Backspace');
  await expect(f.root.locator('#name-problem')).toHaveCount(0);
  await f.submit.click();
  await expect(f.confirmation).toBeVisible();
  expect(posted.lead).toHaveLength(1);
});

test("the service's refusal of the name is said under the name, which takes focus, and goes once it is edited", async ({
  page,
}) => {
  let refuse = true;
  const posted = await fakeService(page, {
    lead: () =>
      refuse
        ? [400, { error: 'name', message: 'Your name must be at most 100 characters.' }]
        : [201, { id: 7, call: 'placed' }],
  });
  const f = await open(page);
  await fillIn(f);
  await f.submit.click();
  const under = f.root.locator('#name-problem');
  await expect(under).toHaveText('Your name must be at most 100 characters.');
  await expect(f.name).toBeFocused();
  await expect(f.name).toHaveAccessibleDescription('Your name must be at most 100 characters.');
  await expect(f.root.locator('#submit-problem')).toHaveCount(0);
  refuse = false;
  await f.name.press('End');
  await f.name.pressSequentially(' R');
  await expect(under).toHaveCount(0);
  await f.submit.click();
  await expect(f.confirmation).toBeVisible();
  expect(posted.lead).toHaveLength(2);
});
