/**
 * «Tu pedido está listo» with the phone in a pocket (docs/rules.md#ready-notifications). The order page offers
 * «Avisarme cuando esté listo» when the service worker runs it and the server sends notifications; where the
 * browser refuses notifications, the tap says how to allow them; while the page is open, the order becoming
 * ready puts «¡Listo!» in the title. A push delivered to the service worker through the CDP (as a push service
 * delivers it) shows the notification, with the order's page as its address.
 *
 * Chromium's headless shell, and any Playwright context that is not a persistent profile, deny notifications
 * (Notification.permission is "denied" whatever is granted), so the notification itself is checked in
 * Debian's full Chromium (`/usr/bin/chromium`, which CI installs too) with a persistent profile. Subscribing
 * (`pushManager.subscribe`) needs the browser vendor's push service, which the test machines cannot reach: the
 * API tests (tests/server/push.test.ts) cover a subscription end to end with a stand-in push service.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumArgs } from '../../playwright.config.ts';
import { expect, test } from './fixtures.ts';
import { expectNoAxeViolations, openAllDay, screenshot } from './helpers.ts';
import { apiLogin, signInByStorage, STAFF } from './order-helpers.ts';

const VALENCIA = 'bar-el-cabanyal';
const FULL_CHROMIUM = '/usr/bin/chromium';

let putHoursBack: (() => Promise<void>) | undefined;
test.beforeEach(async ({ request }) => {
  putHoursBack = await openAllDay(request, VALENCIA);
});
test.afterEach(async () => {
  await putHoursBack?.();
});

test(
  'the order page offers the ready notification, and the service worker shows it',
  { tag: '@sw' },
  async ({ page, request, baseURL }) => {
    const diner = await apiLogin(request);
    const placed = await request.post('/api/orders', {
      headers: { authorization: `Bearer ${diner.token}`, 'idempotency-key': `ready-push-${Date.now()}` },
      data: {
        venueId: VALENCIA,
        mode: 'pickup',
        customer: { name: 'Ana', phone: '600123456' },
        tip: { percent: 0 },
        payment: 'cash',
        lines: [{ productId: 'croquetas-de-jamon-iberico', optionIds: [], quantity: 2 }],
        expectedTotal: 1700,
      },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const order = (await placed.json()) as { id: string; number: string };
    const orderPath = `/pedidos/ver?id=${order.id}`;

    await page.goto('/offline');
    await signInByStorage(page, diner);
    await page.goto(orderPath);
    const offer = page.getByRole('button', { name: 'Avisarme cuando esté listo' });
    await expect(offer).toBeVisible();
    await expectNoAxeViolations(page, 'ready notification offer');
    await screenshot(page, 'ready-push-offer');
    // This browser refuses notifications: the tap says how to allow them.
    await offer.click();
    await expect(page.getByRole('alert')).toContainText('permite las notificaciones en los ajustes del sitio');
    await screenshot(page, 'ready-push-blocked');

    // The kitchen finishes while the page is open: the tab says so.
    const staff = await apiLogin(request, STAFF);
    for (const status of ['preparing', 'ready']) {
      const moved = await request.post(`/api/orders/${order.id}/status`, {
        headers: { authorization: `Bearer ${staff.token}` },
        data: { status },
      });
      expect(moved.status(), await moved.text()).toBe(200);
    }
    await expect(page).toHaveTitle(/^¡Listo! /);
    await expect(offer).toBeHidden();

    // The phone in a pocket: a push reaches the service worker of a browser that allows notifications.
    test.skip(!existsSync(FULL_CHROMIUM), `${FULL_CHROMIUM} is needed to show a notification`);
    const profile = mkdtempSync(join(tmpdir(), 'umenu-push-'));
    const phone = await chromium.launchPersistentContext(profile, {
      executablePath: FULL_CHROMIUM,
      args: chromiumArgs,
      baseURL: baseURL!,
      locale: 'es-ES',
      serviceWorkers: 'allow',
    });
    const errors: string[] = [];
    try {
      await phone.grantPermissions(['notifications'], { origin: baseURL! });
      const tab = phone.pages()[0] ?? (await phone.newPage());
      tab.on('console', (m) => void (m.type() === 'error' && errors.push(m.text())));
      tab.on('pageerror', (e) => void errors.push(String(e)));
      await tab.goto('/offline');
      // The worker activated (`ready` resolves while it may still be activating).
      await tab.evaluate(async () => {
        const active = (await navigator.serviceWorker.ready).active!;
        if (active.state === 'activated') return;
        await new Promise<void>((done) =>
          active.addEventListener('statechange', () => void (active.state === 'activated' && done())),
        );
      });
      const cdp = await phone.newCDPSession(tab);
      const registrations = new Promise<Array<{ registrationId: string; scopeURL: string }>>((resolve) =>
        cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => resolve(e.registrations)),
      );
      await cdp.send('ServiceWorker.enable');
      const registration = (await registrations).find((r) => r.scopeURL === `${baseURL}/`)!;
      // What the server sends (tests/server/push.test.ts reads the same from the stand-in push service).
      const payload = {
        title: 'Tu pedido en Bar El Cabanyal está listo',
        body: `Pedido ${order.number}: ya puedes pasar a recogerlo.`,
        url: orderPath,
      };
      // The worker's own showNotification, watched: headless Chromium lists no notification to a listing asked
      // for before it was shown (and keeps listing none), so the test lists them once the worker has shown one.
      const worker = phone.serviceWorkers().find((w) => w.url().endsWith('/sw.js'))!;
      await worker.evaluate(() => {
        const scope = self as unknown as { registration: ServiceWorkerRegistration; shown: number };
        const show = scope.registration.showNotification.bind(scope.registration);
        scope.shown = 0;
        scope.registration.showNotification = (...args: Parameters<ServiceWorkerRegistration['showNotification']>) =>
          show(...args).then(() => void (scope.shown += 1));
      });
      await cdp.send('ServiceWorker.deliverPushMessage', {
        origin: baseURL!,
        registrationId: registration.registrationId,
        data: JSON.stringify(payload),
      });
      await expect.poll(() => worker.evaluate(() => (self as unknown as { shown: number }).shown)).toBe(1);
      // The notification the worker showed, as the page's registration lists it.
      await expect
        .poll(() =>
          tab.evaluate(async () =>
            (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
              title: n.title,
              body: n.body,
              icon: n.icon,
              data: n.data as unknown,
            })),
          ),
        )
        .toEqual([
          { title: payload.title, body: payload.body, icon: `${baseURL}/pwa-192x192.png`, data: { url: orderPath } },
        ]);
    } finally {
      await phone.close();
      rmSync(profile, { recursive: true, force: true });
    }
    expect(errors).toEqual([]);
  },
);
