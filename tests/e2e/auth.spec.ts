/**
 * Signing in and out, guards and redirects, and the login page's messages,
 * against the site and API of `npm start` and the demo OpenID Connect provider.
 */
import { expect, test } from './fixtures.ts';
import { expectNoAxeViolations, screenshot, loggedStatus, shellReady } from './helpers.ts';
import { ANA, COCINA, expectSignedIn, expectSignedOut, fillLogin, signIn, storedSession } from './auth-helpers.ts';
import { ceiling } from '../ceiling.ts';
import { apiLogin } from './order-helpers.ts';
import { randomUUID } from 'node:crypto';

test.describe('sign in', () => {
  test('by email: /login goes home signed in, tokens stored under the auth. prefix', async ({ page, context }) => {
    await page.goto('/login');
    await expect(page).toHaveTitle('Iniciar sesión - umenu-ui');
    // The form as a diner can use it: hydrated, "Entrar" enabled and done fading from its disabled grey.
    const enter = page.getByRole('button', { name: 'Entrar', exact: true });
    await expect(enter).toBeEnabled();
    await enter.evaluate((button) => Promise.all(button.getAnimations().map((a) => a.finished.catch(() => undefined))));
    await expectNoAxeViolations(page, 'login, initial');
    await screenshot(page, 'auth-login');
    await fillLogin(page, ANA.email, ANA.password);
    await expect(page).toHaveURL(/\/$/);
    await expectSignedIn(page);
    await expect(page.getByTestId('account-button')).toHaveAccessibleName('Cuenta de Ana García');

    const session = await storedSession(page);
    expect(session.strategy).toBe('local');
    expect(session.token).toMatch(/^Bearer eyJ/);
    expect(session.refreshToken).toBeTruthy();
    expect(Number(session.tokenExpiresAt)).toBeGreaterThan(Date.now());
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'auth.strategy')).toMatchObject({ value: 'local', path: '/' });
    expect(cookies.find((c) => c.name === 'auth._token.local')?.path).toBe('/');

    // The session survives a reload.
    await page.reload();
    await expectSignedIn(page);
  });

  test('by the social button: real redirects through the loopback OpenID Connect provider', async ({
    page,
    baseURL,
    allowConsoleError,
  }) => {
    // The loopback OpenID provider's own interaction page logs a 400 of its own (not our site).
    allowConsoleError(/^Failed to load resource: the server responded with a status of 400 /);
    await page.goto('/login');
    // Coming back to /login?code=… must work with the service worker in control too.
    await page.evaluate(() =>
      Promise.race([navigator.serviceWorker?.ready, new Promise((resolve) => setTimeout(resolve, 5000))]),
    );
    await page.getByRole('button', { name: 'Continuar con Google' }).click();
    // The demo provider's own page, on its own loopback origin, says what it is.
    await expect(page.getByRole('heading', { name: 'Elige una cuenta de demostración' })).toBeVisible();
    expect(new URL(page.url()).origin).not.toBe(new URL(baseURL!).origin);
    await expect(page.getByText('Proveedor de demostración (no es Google)')).toBeVisible();
    await expectNoAxeViolations(page, 'demo provider sign-in page');
    await screenshot(page, 'auth-demo-provider');
    await page.getByRole('button', { name: /Continuar como Ana García/ }).click();

    await expect(page).toHaveURL(`${baseURL}/`);
    await expectSignedIn(page);
    await expect(page.getByTestId('account-button')).toHaveAccessibleName('Cuenta de Ana García');
    const session = await storedSession(page, 'social');
    expect(session.strategy).toBe('social');
    expect(session.token).toMatch(/^Bearer /);
    // The one-time code is not left in the history.
    await page.goBack();
    expect(page.url()).not.toContain('code=');
  });

  test('cancelling at the provider comes back to /login with a Spanish explanation', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Continuar con Google' }).click();
    await page.getByRole('button', { name: 'Cancelar y volver a umenu' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('alert')).toHaveText(
      'Cancelaste el inicio de sesión con Google. Puedes intentarlo de nuevo o entrar con tu correo.',
    );
    await expectSignedOut(page);
    await expectNoAxeViolations(page, 'login, social cancelled');
  });

  test('text typed before the form hydrates is kept and signs in', async ({ page }) => {
    // Hold the page's scripts back so the diner types into the server-rendered form.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/_astro\/.+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    // Module scripts hold DOMContentLoaded back, so wait for the form itself.
    await page.goto('/login', { waitUntil: 'commit' });
    await expect(page.getByLabel('Correo electrónico')).toBeVisible();
    const submit = page.getByRole('button', { name: 'Entrar', exact: true });
    await expect(submit).toBeDisabled();
    await page.getByLabel('Correo electrónico').fill(ANA.email);
    await page.getByLabel('Contraseña').fill(ANA.password);
    release();
    await expect(submit).toBeEnabled({ timeout: ceiling(15_000) });
    await expect(page.getByLabel('Correo electrónico')).toHaveValue(ANA.email);
    await submit.click();
    await expect(page).toHaveURL(/\/$/);
    await expectSignedIn(page);
  });
});

test.describe('social callback errors', () => {
  test('a one-time code that cannot be used (another tab, expired) says so and leaves the address bar clean', async ({
    page,
  }) => {
    await page.goto('/login?code=not-a-real-code');
    await expect(page.getByRole('alert')).toHaveText(
      'El inicio de sesión con Google caducó o se abrió en otra pestaña. Vuelve a intentarlo.',
    );
    await expect(page).toHaveURL(/\/login$/);
    await expectSignedOut(page);
    await expectNoAxeViolations(page, 'login, social code refused');
  });
});

test.describe('guards and redirects', () => {
  test('a protected page while signed out goes to /login and comes back after sign-in', async ({ page, request }) => {
    // Ana's order, whose page is hers only.
    const tokens = await apiLogin(request);
    const placed = await request.post('/api/orders', {
      headers: { Authorization: `Bearer ${tokens.token}`, 'Idempotency-Key': randomUUID() },
      data: {
        venueId: 'taqueria-el-guero',
        mode: 'pickup',
        customer: { name: 'Ana García', phone: '+52 55 1234 5678' },
        tip: { percent: 0 },
        payment: 'cash',
        lines: [{ productId: 'tacos-al-pastor', optionIds: ['cantidad-orden-de-3', 'tortilla-maiz'], quantity: 2 }],
        expectedTotal: 13800,
      },
    });
    expect(placed.status()).toBe(201);
    const path = `/pedidos/ver?id=${((await placed.json()) as { id: string }).id}`;
    await page.goto(path);
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('auth.redirect'))).toBe(path);
    await fillLogin(page, ANA.email, ANA.password);
    await expect(page).toHaveURL(new RegExp(`${path.replace('?', '\\?')}$`));
    await expect(page.getByTestId('order-view')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('auth.redirect'))).toBeNull();
  });

  test('signing in from a venue returns to the venue, query included', async ({ page }) => {
    await page.goto('/taqueria-el-guero?mesa=5');
    await page.getByRole('banner').getByRole('link', { name: 'Iniciar sesión' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await fillLogin(page, ANA.email, ANA.password);
    await expect(page).toHaveURL(/\/taqueria-el-guero\?mesa=5$/);
    await expectSignedIn(page);
  });

  test(`a tap on "Iniciar sesión" before the page's scripts have loaded still returns to the venue`, async ({
    page,
  }) => {
    // The venue page's scripts (the shell, which remembers the page on that tap) are held back.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/_astro/*.js', async (route) => {
      if (new URL(route.request().frame().url()).pathname !== '/login') await held;
      await route.continue();
    });
    await page.goto('/taqueria-el-guero?mesa=5', { waitUntil: 'domcontentloaded' });
    await page.getByRole('banner').getByRole('link', { name: 'Iniciar sesión' }).click();
    await expect(page).toHaveURL(/\/login$/);
    release();
    await fillLogin(page, ANA.email, ANA.password);
    await expect(page).toHaveURL(/\/taqueria-el-guero\?mesa=5$/);
    await expectSignedIn(page);
  });

  test('/login while signed in goes home', async ({ page }) => {
    await signIn(page);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/$/);
    await expectSignedIn(page);
  });

  test('sign-out goes to / and the refresh token stops working', async ({ page, request }) => {
    await signIn(page);
    const { refreshToken } = await storedSession(page);
    await page.goto('/pedidos');
    await page.getByTestId('account-button').click();
    await expect(page.getByRole('link', { name: 'Mis pedidos' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Panel' })).toHaveCount(0);
    await expectNoAxeViolations(page, 'account menu open');
    await screenshot(page, 'auth-account-menu');
    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expectSignedOut(page);
    expect((await storedSession(page)).token).toBeNull();
    const refreshed = await request.post('/api/auth/refresh', { data: { refresh_token: refreshToken } });
    expect(refreshed.status()).toBe(401);
  });

  test('staff see "Panel" in the account menu', async ({ page }) => {
    await signIn(page, COCINA);
    await page.getByTestId('account-button').click();
    await expect(page.getByRole('link', { name: 'Panel' })).toHaveAttribute('href', '/panel');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('link', { name: 'Panel' })).toHaveCount(0);
    await expect(page.getByTestId('account-button')).toBeFocused();
  });
});

test.describe('login page messages', () => {
  test('field validation marks the fields and says what to fix', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    const email = page.getByLabel('Correo electrónico');
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription('Escribe tu correo electrónico.');
    await expect(page.getByLabel('Contraseña')).toHaveAccessibleDescription('Escribe tu contraseña.');
    await expect(email).toBeFocused();
    await expectNoAxeViolations(page, 'login, empty fields');
    await screenshot(page, 'auth-login-validation');

    await email.fill('ana@umenu');
    await expect(email).toHaveAccessibleDescription('Escribe un correo válido, por ejemplo nombre@ejemplo.com.');
    await email.fill('ana@umenu.test');
    await expect(email).not.toHaveAttribute('aria-invalid');
  });

  test('a wrong password says so', async ({ page, allowConsoleError }) => {
    allowConsoleError(loggedStatus(401)); // the point: the API refuses the password
    await page.goto('/login');
    await fillLogin(page, ANA.email, 'no-es-esta');
    await expect(page.getByRole('alert')).toHaveText('Correo o contraseña incorrectos.');
    await expect(page.getByLabel('Contraseña')).toBeFocused();
    await expect(page).toHaveURL(/\/login$/);
    await expectNoAxeViolations(page, 'login, wrong password');
  });

  test('too many attempts shows the wait time from Retry-After', async ({ page, allowConsoleError }, testInfo) => {
    allowConsoleError(loggedStatus(401, 429)); // the point: refused passwords, then 429
    const email = `intentos-${testInfo.project.name}-${Date.now()}@umenu.test`;
    await page.goto('/login');
    for (let attempt = 0; attempt < 5; attempt++) {
      await fillLogin(page, email, `mala-${attempt}`);
      await expect(page.getByRole('alert')).toHaveText('Correo o contraseña incorrectos.');
    }
    await fillLogin(page, email, 'otra-mala');
    await expect(page.getByRole('alert')).toHaveText(/^Demasiados intentos\. Vuelve a intentarlo en \d+ s\.$/);
    const seconds = Number(/en (\d+) s/.exec((await page.getByRole('alert').textContent()) ?? '')?.[1]);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(60);
    await expectNoAxeViolations(page, 'login, rate limited');
  });

  test('offline says so instead of failing silently', async ({ page, context, allowConsoleError }) => {
    // Offline on purpose (no service worker: this test has none): the sign-in code loads on demand and cannot.
    allowConsoleError(/^Failed to load resource: net::ERR_INTERNET_DISCONNECTED$/);
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Entrar', exact: true })).toBeEnabled();
    // The shell loads after the first paint: online until it is ready.
    await shellReady(page);
    await context.setOffline(true);
    await fillLogin(page, ANA.email, ANA.password);
    await expect(page.getByRole('alert')).toHaveText('Sin conexión. Revisa tu red e inténtalo de nuevo.');
    await expectNoAxeViolations(page, 'login, offline');
    await context.setOffline(false);
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expectSignedIn(page);
  });
});
