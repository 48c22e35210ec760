/** Steps shared by the manager's browser tests (tests/e2e/manage*.spec.ts). */
import { expect, type Page } from '@playwright/test';
import { expectSignedIn, fillLogin } from './auth-helpers.ts';

export const MANAGER = { email: 'gerente@umenu.test', password: 'demo1234' };
export const ADMIN = { email: 'admin@umenu.test', password: 'demo1234' };

/**
 * Signs in from /login. On a fresh server the service worker's first precache (every page,
 * the large demo venue included) competes with the login request for the browser's
 * connections; on a busy machine that takes longer than the default 7 s.
 */
export async function signIn(page: Page, who: { email: string; password: string }): Promise<void> {
  await page.goto('/login');
  await fillLogin(page, who.email, who.password);
  await expect(page).not.toHaveURL(/\/login/, { timeout: 20_000 });
  await expectSignedIn(page);
}

/**
 * Waits until the page stops scrolling (html is `scroll-behavior: smooth`: focusing a field
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
export async function clearOfStickyBars(page: Page, selector: string): Promise<{ top: number; bottom: number; headerBottom: number; barTop: number }> {
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
