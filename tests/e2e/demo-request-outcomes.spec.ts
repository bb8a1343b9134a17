import { events as recorded, expect, recordEvents, test } from './fixtures';
import { DISPLAY, fakeService, fillIn, open, tomorrowAtNine, yesterdayAt, type Form } from './demo-request.contract';
import { expectLegible } from './visual';

// Each call outcome of the new contract (#21) worded in English and Hindi in the form's place,
// focused, its phone number on one line; pictures at 390 and 1280 px (and 320 in Hindi).

test.use({ timezoneId: 'Asia/Kolkata' });

const OUTCOMES = [
  {
    state: 'placed',
    answer: { id: 11, call: 'placed' },
    en: `We're calling you now on ${DISPLAY}.`,
    hi: `हम अभी आपको ${DISPLAY} पर कॉल कर रहे हैं।`,
  },
  {
    state: 'scheduled',
    answer: { id: 12, call: 'scheduled', callAt: tomorrowAtNine() },
    en: `We'll call you at 9:00 am tomorrow on ${DISPLAY}.`,
    hi: `हम आपको कल सुबह 9:00 बजे ${DISPLAY} पर कॉल करेंगे।`,
  },
  {
    state: 'retrying',
    answer: { id: 13, call: 'retrying' },
    en: `Our line is busy; we'll call you within the hour on ${DISPLAY}.`,
    hi: `हमारी लाइन अभी व्यस्त है; हम एक घंटे के अंदर आपको ${DISPLAY} पर कॉल करेंगे।`,
  },
  {
    state: 'failed',
    answer: { id: 14, call: 'failed' },
    en: "We couldn't place the call. Our team has your request and will get in touch.",
    hi: 'हम कॉल नहीं कर सके। हमारी टीम को आपका अनुरोध मिल गया है और वह आपसे संपर्क करेगी।',
  },
  {
    state: 'not-configured',
    answer: { id: 15, call: 'not-configured' },
    en: `Thanks, Asha Rao! Someone from our team will get in touch with you on ${DISPLAY}.`,
    hi: `धन्यवाद, Asha Rao! हमारी टीम का कोई सदस्य ${DISPLAY} पर आपसे संपर्क करेगा।`,
  },
  // A repeat request hears what already happened to the first one (#34), never "we're calling you now" hours later.
  {
    state: 'duplicate',
    answer: { id: 11, call: 'placed', calledAt: yesterdayAt('10:42'), duplicate: true },
    en: `You already asked for this demo. We called you at 10:42 am yesterday on ${DISPLAY}.`,
    hi: `इस डेमो के लिए आपका अनुरोध पहले ही मिल चुका है। हमने आपको कल सुबह 10:42 बजे ${DISPLAY} पर कॉल किया था।`,
  },
  {
    state: 'duplicate-retrying',
    answer: { id: 13, call: 'retrying', duplicate: true },
    en: `You already asked for this demo. We're still trying to reach you on ${DISPLAY}.`,
    hi: `इस डेमो के लिए आपका अनुरोध पहले ही मिल चुका है। हम अब भी आपको ${DISPLAY} पर कॉल करने की कोशिश कर रहे हैं।`,
  },
  {
    state: 'duplicate-not-configured',
    answer: { id: 15, call: 'not-configured', duplicate: true },
    en: `You already asked for this demo. Someone from our team will get in touch with you on ${DISPLAY}.`,
    hi: `इस डेमो के लिए आपका अनुरोध पहले ही मिल चुका है। हमारी टीम का कोई सदस्य ${DISPLAY} पर आपसे संपर्क करेगा।`,
  },
] as const;

const START_OVER = { en: 'Request another demo', hi: 'एक और डेमो का अनुरोध करें' };

/** The phone number is on one line in the confirmation (a span that does not wrap, one line box tall). */
async function phoneOnOneLine(f: Form) {
  if (!(await f.confirmation.textContent())?.includes(DISPLAY)) return;
  const number = f.confirmation.locator('.nowrap').filter({ hasText: DISPLAY });
  await expect(number).toHaveCSS('white-space', 'nowrap');
  const rects = await number.evaluate((el) => el.getClientRects().length);
  expect(rects, 'the phone number breaks across lines').toBe(1);
}

/** After "Request another demo" the agent, name and number stay: a new code and the tick are what another request needs. */
async function verifyAgain(f: Form) {
  await f.getOtp.click();
  await expect(f.otp).toBeVisible();
  await f.otp.fill('123456');
  await expect(f.consent).toBeFocused();
  await f.consent.check();
}

// One visitor per language asks for a demo once per outcome, starting over in between as the
// confirmation invites: each outcome is seen as a fresh request is, without loading the page and the
// form's code twelve times.
for (const lang of ['en', 'hi'] as const) {
  test(`each outcome (${lang}): said plainly in the form's place, focused, the number on one line, legible; another demo starts over`, async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.setViewportSize({ width: 1280, height: 900 });
    let answer: (typeof OUTCOMES)[number]['answer'] = OUTCOMES[0].answer;
    const posted = await fakeService(page, { lead: () => ['duplicate' in answer ? 200 : 201, answer] });
    const f = await open(page, { lang });
    await recordEvents(page, ['ai-demo-request-success']);
    await fillIn(f);
    for (const [i, outcome] of OUTCOMES.entries()) {
      await test.step(outcome.state, async () => {
        answer = outcome.answer;
        if (i > 0) await verifyAgain(f);
        await f.submit.click();
        await expect(f.confirmation).toHaveText(`${outcome[lang]}${START_OVER[lang]}`);
        await expect(f.confirmation).toBeFocused();
        await expect(f.root.locator('[part="form"]')).toBeHidden();
        expect(posted.lead).toHaveLength(i + 1);
        expect((await recorded(page)).map((e) => e.detail)).toEqual(OUTCOMES.slice(0, i + 1).map((o) => o.answer));

        const widths = lang === 'hi' ? [320, 390, 1280] : [390, 1280];
        for (const width of widths) {
          await page.setViewportSize({ width, height: 900 });
          await phoneOnOneLine(f);
          expect(
            await page.evaluate(() => document.documentElement.scrollWidth),
            'the page scrolls sideways',
          ).toBeLessThanOrEqual(width);
          // Legibility is judged where the text is most crowded: the narrowest width.
          if (width === widths[0]) await expectLegible(page, 'ai-demo-request');
          await expect(f.confirmation).toHaveScreenshot(`confirmation-${outcome.state}-${lang}-${width}.png`);
        }

        // Another demo: the form is back, with the name and number, and the consent unticked.
        await f.startOver.click();
        await expect(f.confirmation).toHaveCount(0);
        await expect(f.name).toHaveValue('Asha Rao');
        await expect(f.phone).toHaveValue(DISPLAY);
        await expect(f.consent).not.toBeChecked();
      });
    }
  });
}

test('on /experience at 1280 × 800 the confirmation appears where the form was, in view without scrolling, focused', async ({
  page,
}, testInfo) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await fakeService(page, { lead: () => [201, { id: 21, call: 'scheduled', callAt: tomorrowAtNine() }] });
  const f = await open(page, { url: '/experience' });
  await fillIn(f);
  // Where the visitor is looking: Get a Call in view, as after filling the form in.
  await f.submit.scrollIntoViewIfNeeded();
  const form = await f.root.locator('[part="form"]').boundingBox();
  const scrolled = await page.evaluate(() => scrollY);
  await f.submit.click();
  await expect(f.confirmation).toBeFocused();
  expect(await page.evaluate(() => scrollY), 'the page scrolled to show the confirmation').toBe(scrolled);
  const box = (await f.confirmation.boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(800);
  // In the form's column, at the form's top: not below the agent list.
  expect(Math.abs(box.x - form!.x)).toBeLessThan(2);
  expect(Math.abs(box.y - form!.y)).toBeLessThan(2);
  await page.screenshot({ path: testInfo.outputPath('experience-confirmation-1280x800.png') });
});

test("on /experience at 390 × 844 the confirmation, in the form's place under the agents, is brought into view and focused", async ({
  page,
}, testInfo) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await fakeService(page, { lead: () => [201, { id: 22, call: 'placed' }] });
  const f = await open(page, { url: '/experience' });
  await fillIn(f);
  await f.submit.scrollIntoViewIfNeeded();
  await f.submit.click();
  await expect(f.confirmation).toBeFocused();
  await expect(f.confirmation).toBeInViewport({ ratio: 1 });
  await page.screenshot({ path: testInfo.outputPath('experience-confirmation-390x844.png') });
});
