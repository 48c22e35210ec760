/**
 * The `test` every browser spec uses: it fails a test on any uncaught page error or
 * `console.error` in any page of any browser context the test opens (the default
 * `context`/`page`, and contexts from `browser.newContext()` / `browser.newPage()`).
 *
 * When a console error is the very point of a test (a deliberately broken resource,
 * a 404 that Chromium logs as "Failed to load resource"), allow it for that test only:
 *
 *   allowConsoleError(/config\.json.*404/); // why: this test serves a broken config on purpose
 *
 * An uncaught error is allowed the same way, with `allowPageError`, only where the test
 * throws it on purpose (e.g. to see the generic error toast).
 */
import { test as base, expect, type Browser, type BrowserContext, type ConsoleMessage, type WebError } from '@playwright/test';

export { expect };

class BrowserErrors {
  readonly found: string[] = [];
  readonly allowed: RegExp[] = [];
  readonly allowedPageErrors: RegExp[] = [];
  ended = false;
  private readonly watched = new WeakSet<BrowserContext>();

  watch(context: BrowserContext): void {
    if (this.watched.has(context)) return;
    this.watched.add(context);
    context.on('console', (message: ConsoleMessage) => {
      if (message.type() !== 'error') return;
      const text = message.text();
      if (this.allowed.some((pattern) => pattern.test(text))) return;
      const where = message.location().url || message.page()?.url() || '';
      this.found.push(`console.error at ${where}: ${text}`);
    });
    context.on('weberror', (webError: WebError) => {
      const error = webError.error();
      if (this.allowedPageErrors.some((pattern) => pattern.test(error.message))) return;
      this.found.push(`${this.ended ? '[after test body] ' : ''}uncaught error at ${webError.page()?.url() ?? ''}: ${error.stack || `${error.name}: ${error.message}` || String(error)}`);
    });
  }
}

type NewContext = Browser['newContext'];

export const test = base.extend<{
  /** Lets console errors matching `pattern` pass, in this test only. Say why next to the call. */
  allowConsoleError: (pattern: RegExp) => void;
  /** Lets uncaught errors whose message matches `pattern` pass, in this test only. Say why next to the call. */
  allowPageError: (pattern: RegExp) => void;
  browserErrors: BrowserErrors;
}>({
  browserErrors: [
    async ({ browser }, use) => {
      const errors = new BrowserErrors();
      // Contexts the test makes itself (browser.newPage() goes through newContext too).
      // eslint-disable-next-line @typescript-eslint/unbound-method -- called below with `apply(this, …)`, bound to the browser
      const original: NewContext = browser.newContext;
      const patched: NewContext = async function (this: Browser, ...args: Parameters<NewContext>) {
        const context = await original.apply(this, args);
        errors.watch(context);
        return context;
      };
      Object.defineProperty(browser, 'newContext', { value: patched, configurable: true, writable: true });
      try {
        await use(errors);
      } finally {
        delete (browser as { newContext?: NewContext }).newContext;
      }
      if (errors.found.length > 0) {
        throw new Error(`The page logged ${errors.found.length} error(s):\n${errors.found.join('\n')}`);
      }
    },
    { auto: true },
  ],
  context: async ({ context, browserErrors }, use) => {
    browserErrors.watch(context);
    await use(context);
    browserErrors.ended = true;
  },
  allowPageError: async ({ browserErrors }, use) => {
    await use((pattern) => {
      browserErrors.allowedPageErrors.push(pattern);
    });
  },
  allowConsoleError: async ({ browserErrors }, use) => {
    await use((pattern) => {
      browserErrors.allowed.push(pattern);
    });
  },
});
