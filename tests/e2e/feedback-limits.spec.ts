import { expect, test } from './fixtures';

// The feedback message's limit where it applies (issue 44): a counter near it, Submit refused past
// it under the field with no request, counted in code points as the service counts.

const open = async (page: import('@playwright/test').Page) => {
  const posts: string[] = [];
  page.on('request', (request) => request.method() === 'POST' && posts.push(request.url()));
  await page.goto('/examples/feedback.html');
  const widget = page.locator('#feedback');
  await widget.getByRole('button', { name: 'Share Feedback' }).click();
  const dialog = widget.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Meera');
  await dialog.getByRole('textbox', { name: 'Email' }).fill('meera@example.com');
  return { dialog, message: dialog.getByRole('textbox', { name: 'Feedback' }), posts };
};

test('the counter shows from 4,500 characters, and past 5,000 Submit is refused under the field with no request', async ({
  page,
}, testInfo) => {
  const { dialog, message, posts } = await open(page);
  const counter = dialog.locator('[part="counter"]');
  await message.fill('x'.repeat(4499));
  await expect(counter).toHaveCount(0);
  await message.press('End');
  await message.press('y');
  await expect(counter).toHaveText('4,500 / 5,000' + '4,500 of 5,000 characters');
  await expect(message).toHaveAccessibleDescription('4,500 of 5,000 characters');
  // Never maxlength, which counts UTF-16 units and cuts a paste short without a word.
  await expect(message).not.toHaveAttribute('maxlength');
  await message.fill('x'.repeat(5001));
  await expect(counter).toHaveText('5,001 / 5,000' + '5,001 of 5,000 characters');
  await dialog.getByRole('button', { name: 'Submit Feedback' }).click();
  const refusal = 'Your feedback must be at most 5,000 characters; it has 5,001. Shorten it to send it.';
  await expect(dialog.locator('[part="field-error"]')).toHaveText(refusal);
  await expect(message).toBeFocused();
  await expect(message).toHaveAttribute('aria-invalid', 'true');
  await expect(message).toHaveAccessibleDescription(`${refusal} 5,001 of 5,000 characters`);
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  expect(posts.filter((url) => url.endsWith('/feedback'))).toEqual([]);
  for (const width of [320, 390, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: testInfo.outputPath(`feedback-too-long-${width}.png`) });
  }
  await message.press('End');
  await message.press('Backspace');
  await expect(dialog.locator('[part="field-error"]')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Submit Feedback' }).click();
  await expect(dialog.getByRole('heading', { name: 'Thank You for Your Feedback!' })).toBeVisible();
  expect(posts.filter((url) => url.endsWith('/feedback'))).toHaveLength(1);
});

test('a name and an email longer than the service takes are refused under each, counted as the service counts', async ({
  page,
}) => {
  const { dialog, message, posts } = await open(page);
  // A name in the characters a person sees: 200 of क्षि are 200 to the service (800 code points): taken.
  await dialog.getByRole('textbox', { name: 'Name' }).fill('क्षि'.repeat(201));
  await dialog.getByRole('textbox', { name: 'Email' }).fill(`${'m'.repeat(250)}@example.com`);
  await message.fill('Lovely demo.');
  await dialog.getByRole('button', { name: 'Submit Feedback' }).click();
  await expect(dialog.locator('[part="field-error"]')).toHaveText([
    'Your name must be at most 200 characters.',
    'Your email must be at most 254 characters.',
  ]);
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toBeFocused();
  expect(posts.filter((url) => url.endsWith('/feedback'))).toEqual([]);
  await dialog.getByRole('textbox', { name: 'Name' }).fill('क्षि'.repeat(200));
  await dialog.getByRole('textbox', { name: 'Email' }).fill('meera@example.com');
  await dialog.getByRole('button', { name: 'Submit Feedback' }).click();
  await expect(dialog.getByRole('heading', { name: 'Thank You for Your Feedback!' })).toBeVisible();
});
