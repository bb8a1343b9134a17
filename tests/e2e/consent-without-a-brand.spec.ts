import Database from 'better-sqlite3';
import { expect, test } from './fixtures';
import { consentWording } from './demo-request.form';
import { codeSent, liveForm, newNumber } from './demo-request.live';

// Issue 55, item 11: a form without a brand-name names who will call as "us" ("our services" named
// no one on a partner's page), and the service takes that sentence and keeps it with its version.

test('a form without a brand-name says "from us", and the service keeps that sentence with its version', async ({
  page,
}) => {
  const number = newNumber();
  const form = await liveForm(page);
  await expect(form.consent()).toHaveAccessibleName(
    'I agree to receive messages, including automated calls and AI-powered demo calls, from us at the contact information provided.',
  );
  await form.card('AI Receptionist').click();
  await form.name.fill('Asha Rao');
  await form.otp.fill(await codeSent(form, number));
  await expect(form.verified).toBeVisible();
  await form.consent().check();
  await form.submit.click();
  await expect(form.root.locator('[part="confirmation"]')).toBeVisible();
  const db = new Database(process.env.E2E_DB_PATH!, { readonly: true, fileMustExist: true });
  const row = db.prepare('SELECT consent_text, consent_version FROM leads WHERE phone = ?').get(number.e164);
  db.close();
  expect(row).toEqual({ consent_text: consentWording(), consent_version: 'default-en-unbranded-2' });
});
