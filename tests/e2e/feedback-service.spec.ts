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

  test('a field the service refuses is said under that field, keeps every character, and stores nothing', async ({
    page,
  }) => {
    const marker = `refused-${Date.now()}`;
    // A control character: nothing the form checks itself, so only the service can refuse it.
    const odd = 'Meera\u0007 Iyer';
    await page.goto('/examples/feedback.html');
    const widget = page.locator('#feedback');
    await widget.getByRole('button', { name: 'Share Feedback' }).click();
    const dialog = widget.getByRole('dialog');
    const refused = page.waitForResponse((r) => r.url().endsWith('/api/feedback') && r.status() === 400);
    const name = dialog.getByRole('textbox', { name: 'Name' });
    await name.fill(odd);
    await dialog.getByRole('textbox', { name: 'Email' }).fill('meera@example.com');
    await dialog.getByRole('textbox', { name: 'Feedback' }).fill(marker);
    await dialog.getByRole('button', { name: 'Submit Feedback' }).click();
    const answer = (await (await refused).json()) as { message: string; field: string };
    expect(answer.field).toBe('name');
    // The service's sentence under the field it is about, which takes focus; no banner.
    await expect(name).toBeFocused();
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(name).toHaveAccessibleDescription(answer.message);
    await expect(dialog.locator('[part="field-error"]')).toHaveText(answer.message);
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    await expect(name).toHaveValue(odd);
    await expect(dialog.getByRole('textbox', { name: 'Feedback' })).toHaveValue(marker);
    expect(stored(marker)).toEqual([]);
    // Fixing the field takes the sentence away, and the feedback goes.
    await name.fill('Meera Iyer');
    await expect(dialog.locator('[part="field-error"]')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Submit Feedback' }).click();
    await expect(dialog.getByRole('heading', { name: 'Thank You for Your Feedback!' })).toBeVisible();
    expect(stored(marker)).toHaveLength(1);
  });

  test('5,000 emoji are 5,000 characters to the form and to the service: counted, sent and stored', async ({
    page,
  }) => {
    const marker = `emoji-${Date.now()}`;
    const message = `${marker} ${'🙂'.repeat(5000 - marker.length - 1)}`;
    await page.goto('/examples/feedback.html');
    const widget = page.locator('#feedback');
    await widget.getByRole('button', { name: 'Share Feedback' }).click();
    const dialog = widget.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Meera');
    await dialog.getByRole('textbox', { name: 'Email' }).fill('meera@example.com');
    await dialog.getByRole('textbox', { name: 'Feedback' }).fill(message);
    await expect(dialog.locator('[part="counter"]')).toHaveText('5,000 / 5,000' + '5,000 of 5,000 characters');
    await dialog.getByRole('button', { name: 'Submit Feedback' }).click();
    await expect(dialog.getByRole('heading', { name: 'Thank You for Your Feedback!' })).toBeVisible();
    expect(stored(marker)).toHaveLength(1);
  });
});
