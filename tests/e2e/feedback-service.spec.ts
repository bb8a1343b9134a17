import Database from 'better-sqlite3';
import { expect, test } from './fixtures';

/** Rows the real service stored, read straight from its database. */
function stored(marker: string): { name: string; email: string; message: string }[] {
  const db = new Database(process.env.E2E_DB_PATH!, { readonly: true, fileMustExist: true });
  try {
    return db.prepare('SELECT name, email, message FROM feedback WHERE message LIKE ?').all(`%${marker}%`) as never;
  } finally {
    db.close();
  }
}

test.describe('<ai-feedback> against the real service', () => {
  test('a submission is stored and thanked', async ({ page }) => {
    const marker = `e2e-${Date.now()}-${Math.random().toString(36).slice(2)}`;
    await page.goto('/examples/feedback.html');
    const widget = page.locator('#feedback');
    await widget.getByRole('button', { name: 'Share Feedback' }).click();
    const dialog = widget.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Name' }).fill('  Meera Iyer ');
    await dialog.getByRole('textbox', { name: 'Email' }).fill('meera@example.com');
    await dialog.getByRole('textbox', { name: 'Feedback' }).fill(`<b>Great</b> demo ${marker}`);
    await dialog.getByRole('button', { name: 'Submit Feedback' }).click();
    await expect(dialog.getByRole('heading', { name: 'Thank You for Your Feedback!' })).toBeVisible();
    expect(stored(marker)).toEqual([
      { name: 'Meera Iyer', email: 'meera@example.com', message: `<b>Great</b> demo ${marker}` },
    ]);
  });

  test('a refusal shows the banner, keeps every character, and stores nothing', async ({ page }) => {
    const marker = `refused-${Date.now()}`;
    const tooLong = `Ms ${'a'.repeat(200)}`;
    await page.goto('/examples/feedback.html');
    const widget = page.locator('#feedback');
    await widget.getByRole('button', { name: 'Share Feedback' }).click();
    const dialog = widget.getByRole('dialog');
    const refused = page.waitForResponse((r) => r.url().endsWith('/api/feedback') && r.status() === 400);
    await dialog.getByRole('textbox', { name: 'Name' }).fill(tooLong);
    await dialog.getByRole('textbox', { name: 'Email' }).fill('meera@example.com');
    await dialog.getByRole('textbox', { name: 'Feedback' }).fill(marker);
    await dialog.getByRole('button', { name: 'Submit Feedback' }).click();
    expect(await (await refused).json()).toEqual({
      error: 'invalid',
      message: 'Your name must be at most 200 characters.',
      field: 'name',
    });
    // The spec's sentence, then the service's reason; the field to fix takes focus and is described by it.
    await expect(dialog.getByRole('alert')).toHaveText(
      'Failed to submit feedback. Please try again. Your name must be at most 200 characters.',
    );
    const name = dialog.getByRole('textbox', { name: 'Name' });
    await expect(name).toBeFocused();
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(name).toHaveAccessibleDescription(
      'Failed to submit feedback. Please try again. Your name must be at most 200 characters.',
    );
    await expect(name).toHaveValue(tooLong);
    await expect(dialog.getByRole('textbox', { name: 'Feedback' })).toHaveValue(marker);
    expect(stored(marker)).toEqual([]);
  });

  test('each reason the service gives is shown with the field it is about, and fixing it sends', async ({ page }) => {
    const marker = `reasons-${Date.now()}`;
    await page.goto('/examples/feedback.html');
    const widget = page.locator('#feedback');
    await widget.getByRole('button', { name: 'Share Feedback' }).click();
    const dialog = widget.getByRole('dialog');
    const message = dialog.getByRole('textbox', { name: 'Feedback' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Meera');
    await dialog.getByRole('textbox', { name: 'Email' }).fill(`${'m'.repeat(250)}@example.com`);
    await message.fill(`${marker} ${'x'.repeat(5000)}`);
    await dialog.getByRole('button', { name: 'Submit Feedback' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      'Failed to submit feedback. Please try again. Your email must be at most 254 characters.',
    );
    await expect(dialog.getByRole('textbox', { name: 'Email' })).toBeFocused();
    await dialog.getByRole('textbox', { name: 'Email' }).fill('meera@example.com');
    await dialog.getByRole('button', { name: 'Submit Feedback' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      'Failed to submit feedback. Please try again. Your feedback must be at most 5000 characters.',
    );
    await expect(message).toBeFocused();
    await message.fill(marker);
    await dialog.getByRole('button', { name: 'Submit Feedback' }).click();
    await expect(dialog.getByRole('heading', { name: 'Thank You for Your Feedback!' })).toBeVisible();
    expect(stored(marker)).toHaveLength(1);
  });
});
