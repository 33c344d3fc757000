import { expect } from '@playwright/test';
import { test } from '../fixtures.ts';
import type { InspectorPage } from '../pages/inspector-page.ts';

/** Calls provision and answers it, so the composer, the form and the timeline are all on screen. */
async function toComposer(inspector: InspectorPage) {
  await inspector.open();
  await inspector.callProvision();
  await inspector.acceptRegion();
  await expect(inspector.composer).toBeVisible();
}

/** Nothing wider than the window: no sideways page scroll, so nothing is cut off at the right edge. */
async function expectNoSidewaysScroll(inspector: InspectorPage) {
  const { scrollWidth, innerWidth } = await inspector.page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

test.describe('layout from 1280 to 2560 px and at 200% zoom', () => {
  for (const width of [1280, 2560]) {
    test(`everything fits at ${width} px`, async ({ inspector, page }) => {
      await page.setViewportSize({ width, height: 900 });
      await toComposer(inspector);
      await expectNoSidewaysScroll(inspector);
      for (const target of [
        inspector.serverUrl,
        inspector.composer.getByRole('button', { name: 'Send retry' }),
        inspector.timeline,
      ]) {
        await expect(target).toBeInViewport();
      }
    });
  }

  // 200% zoom of a 1280 px window is a 640 px wide CSS viewport at twice the pixel density
  test.use({ deviceScaleFactor: 2 });
  test('at 200% zoom the columns stack and every control can be reached', async ({ inspector, page }) => {
    await page.setViewportSize({ width: 640, height: 450 });
    await toComposer(inspector);
    await expectNoSidewaysScroll(inspector);
    const sendRetry = inspector.composer.getByRole('button', { name: 'Send retry' });
    await sendRetry.scrollIntoViewIfNeeded();
    await expect(sendRetry).toBeInViewport();
    await sendRetry.click();
    await expect(inspector.result).toContainText('Provisioned orders in eu-west-1');
  });
});

test.describe('themes', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`the ${colorScheme} theme follows the system and is drawn`, async ({ inspector, page }, info) => {
      await page.emulateMedia({ colorScheme });
      await toComposer(inspector);
      await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme);
      // the first painted background under the bottom-right corner of the window (a page area, not a control)
      const background = await page.evaluate(() => {
        // computed colours may be oklch(); a canvas turns any CSS colour into sRGB bytes
        const ctx = document.createElement('canvas').getContext('2d')!;
        let el = document.elementFromPoint(window.innerWidth - 4, window.innerHeight - 4);
        while (el) {
          const color = getComputedStyle(el).backgroundColor;
          ctx.clearRect(0, 0, 1, 1);
          ctx.fillStyle = color;
          ctx.fillRect(0, 0, 1, 1);
          const [r, g, b, a] = ctx.getImageData(0, 0, 1, 1).data;
          if (a! > 0) return (r! + g! + b!) / 3;
          el = el.parentElement;
        }
        return -1;
      });
      if (colorScheme === 'dark') expect(background).toBeLessThan(80);
      else expect(background).toBeGreaterThan(200);
      await info.attach(`${colorScheme}-theme.png`, { body: await page.screenshot(), contentType: 'image/png' });
    });
  }

  test('the Theme choice overrides the system and is remembered after a reload', async ({ inspector, page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await inspector.open();
    await page.getByRole('combobox', { name: 'Theme' }).selectOption('dark');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(page.getByRole('combobox', { name: 'Theme' })).toHaveValue('dark');
  });
});
