import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectLegible } from './visual';

// The site on small screens (issue 44): stacked buttons line up, one width and one left edge, the
// feedback button's too; the open menu has a backdrop that dims the whole page behind it (no line
// cut in half by the menu's edge), keeps it still, and closes the menu when tapped; from the keyboard
// Esc closes it and puts focus back on its button, and tabbing out of it closes it.

const settle = async (page: Page) => {
  await page.evaluate(() => document.fonts.ready);
  await page.waitForLoadState('networkidle');
};

const boxOf = async (locator: Locator) => {
  const box = await locator.boundingBox();
  expect(box, String(locator)).not.toBeNull();
  return box!;
};

for (const width of [320, 390] as const) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 }, hasTouch: true });

    test('the hero’s and the contact band’s buttons share one width and one left edge', async ({ page }) => {
      await page.goto('/');
      const hero = page.locator('.hero .actions');
      const band = page.locator('#contact');
      const feedback = band.getByRole('button', { name: 'Share Feedback' });
      await expect(feedback).toBeVisible();
      await settle(page);
      const buttons = [
        hero.getByRole('link', { name: /Get Started/ }),
        hero.getByRole('link', { name: 'See solutions' }),
        band.getByRole('link', { name: /Get Started/ }),
        band.getByRole('link', { name: /Talk to Our Experts/ }),
        feedback,
      ];
      const boxes = await Promise.all(buttons.map(boxOf));
      for (const [i, box] of boxes.entries()) {
        expect(Math.abs(box.width - boxes[0].width), `button ${i}'s width`).toBeLessThan(1);
        expect(Math.abs(box.x - boxes[0].x), `button ${i}'s left edge`).toBeLessThan(1);
      }
      // Stacked: each below the one before, none beside another.
      for (let i = 3; i < boxes.length; i++) expect(boxes[i].y).toBeGreaterThan(boxes[i - 1].y + boxes[i - 1].height);
      await band.scrollIntoViewIfNeeded();
      await expectLegible(page, '#contact');
      await expect(band).toHaveScreenshot(`contact-${width}.png`);
    });

    test('the open menu dims the whole page behind it, keeps it still, and a tap on the backdrop closes it', async ({
      page,
    }) => {
      await page.goto('/');
      await settle(page);
      const toggle = page.getByRole('button', { name: 'Menu' });
      const menu = page.getByRole('navigation', { name: 'Mobile' });
      const backdrop = page.locator('.menu-backdrop');
      await expect(backdrop).toBeHidden();
      await toggle.tap();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await expect(menu).toBeVisible();
      await expect(backdrop).toBeVisible();
      // The backdrop covers the window, and the page just under the menu's edge is behind it (dimmed and
      // blurred), not a sharp line cut in half.
      const shade = await boxOf(backdrop);
      expect(shade).toMatchObject({ x: 0, y: 0, width, height: 800 });
      const edge = (await boxOf(menu)).y + (await boxOf(menu)).height;
      const under = await page.evaluate(
        ([x, y]) => document.elementFromPoint(x, y)?.className,
        [width / 2, Math.ceil(edge) + 4],
      );
      expect(under).toBe('menu-backdrop');
      await expect(backdrop).toHaveCSS('backdrop-filter', /blur/);
      // The page behind does not scroll under the menu.
      const before = await page.evaluate(() => scrollY);
      await page.mouse.wheel(0, 600);
      await page.waitForTimeout(200);
      expect(await page.evaluate(() => scrollY)).toBe(before);
      await expectLegible(page, 'header');
      await expect(page).toHaveScreenshot(`menu-backdrop-${width}.png`);

      await page.touchscreen.tap(width / 2, Math.min(780, edge + 120));
      await expect(menu).toBeHidden();
      await expect(backdrop).toBeHidden();
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(toggle).toBeFocused();
      // The tap went to the backdrop only: the page did not move or follow a link.
      await expect(page).toHaveURL('/');
      expect(await page.evaluate(() => scrollY)).toBe(before);
    });
  });
}

test.describe('the menu from the keyboard', () => {
  test.use({ viewport: { width: 390, height: 800 } });

  test('Esc from inside the menu closes it and focus goes back to its button; tabbing out of it closes it', async ({
    page,
  }) => {
    await page.goto('/');
    await settle(page);
    const toggle = page.getByRole('button', { name: 'Menu' });
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(menu).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(menu.getByRole('link', { name: 'Home' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(page.locator('.menu-backdrop')).toBeHidden();
    await expect(toggle).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(menu).toBeVisible();
    const links = await menu.getByRole('link').count();
    for (let i = 0; i < links; i++) await page.keyboard.press('Tab');
    await expect(menu.getByRole('link', { name: /Get Started/ })).toBeFocused();
    // Past the last link focus leaves the header: the menu closes rather than hide what has focus.
    await page.keyboard.press('Tab');
    await expect(menu).toBeHidden();
    await expect(page.locator('.menu-backdrop')).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});

test.describe('at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the contact band’s buttons sit in one row, and there is no menu button or backdrop', async ({ page }) => {
    await page.goto('/');
    const band = page.locator('#contact');
    const feedback = band.getByRole('button', { name: 'Share Feedback' });
    await expect(feedback).toBeVisible();
    await settle(page);
    const boxes = await Promise.all(
      [
        band.getByRole('link', { name: /Get Started/ }),
        band.getByRole('link', { name: /Talk to Our Experts/ }),
        feedback,
      ].map(boxOf),
    );
    for (const box of boxes) expect(Math.abs(box.y - boxes[0].y)).toBeLessThan(1);
    await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();
    await expect(page.locator('.menu-backdrop')).toBeHidden();
    await band.scrollIntoViewIfNeeded();
    await expect(band).toHaveScreenshot('contact-1280.png');
  });
});
