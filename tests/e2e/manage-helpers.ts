/** Steps shared by the manager's browser tests (tests/e2e/manage*.spec.ts). */
import type { Page } from '@playwright/test';
export { signInStored } from './auth-helpers.ts';

export const MANAGER = { email: 'gerente@umenu.test', password: 'demo1234' };
export const ADMIN = { email: 'admin@umenu.test', password: 'demo1234' };

/**
 * Waits until the page stops scrolling (html scrolls smoothly while something has the focus: focusing a field
 * animates the scroll, and a screenshot taken meanwhile shows a half-drawn page).
 */
export async function scrollSettled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    let last = scrollY;
    for (let i = 0, still = 0; i < 120 && still < 3; i++) {
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      still = scrollY === last ? still + 1 : 0;
      last = scrollY;
    }
  });
}

/** The element's box against the sticky header and the editor's publish bar. */
export async function clearOfStickyBars(
  page: Page,
  selector: string,
): Promise<{ top: number; bottom: number; headerBottom: number; barTop: number }> {
  return page.evaluate((sel) => {
    const box = document.querySelector(sel)!.getBoundingClientRect();
    return {
      top: box.top,
      bottom: box.bottom,
      headerBottom: document.querySelector('body > header')!.getBoundingClientRect().bottom,
      barTop: document.querySelector('[data-testid="publish-bar"]')!.getBoundingClientRect().top,
    };
  }, selector);
}
