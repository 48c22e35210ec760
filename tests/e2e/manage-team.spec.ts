/**
 * A venue's team without a developer: on `/panel/equipo` the admin invites a person as
 * manager; the one-time link ("Copiar enlace") opened in a fresh browser creates the account;
 * the new manager reaches the board and the menu editor; "Quitar acceso" takes it away, and
 * the person loses it at their next token refresh. Axe on each new screen; screenshots.
 */
import { expect, test } from './fixtures.ts';
import { expectNoAxeViolations, LOGGED_404, screenshot } from './helpers.ts';
import { expectSignedIn, expireAccessTokenOnDevice } from './auth-helpers.ts';
import { ADMIN, signInStored } from './manage-helpers.ts';
import { ceiling } from '../ceiling.ts';

const VENUE = 'bar-el-cabanyal';
const VENUE_NAME = 'Bar El Cabanyal';

test.describe('team of a venue', () => {
  test(
    'invite a manager by link, create the account, reach board and editor, remove access',
    { tag: '@desktop' },
    async ({ page, browser, allowConsoleError }, testInfo) => {
      test.setTimeout(ceiling(120_000));
      allowConsoleError(LOGGED_404); // the point of one step: a used invitation link is refused (404 invitation-invalid)
      const email = `lucia-${testInfo.project.name}-${Date.now()}@example.com`;
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
      await signInStored(page, ADMIN);
      await page.goto(`/panel/equipo?venue=${VENUE}`);
      await expect(page.getByRole('heading', { level: 1, name: `Equipo · ${VENUE_NAME}` })).toBeVisible({
        timeout: ceiling(15_000),
      });
      const members = page.getByTestId('team-members');
      await expect(members.locator('[data-member="gerente@umenu.test"]')).toContainText('Gerente');
      await expect(members.locator('[data-member="cocina@umenu.test"]')).toContainText('Personal');
      await expectNoAxeViolations(page, 'team page');
      await screenshot(page, 'manage-team');

      await page.getByLabel('Correo electrónico').fill(email);
      await page.getByRole('radio', { name: 'Gerente', exact: true }).check();
      await page.getByRole('button', { name: 'Crear invitación' }).click();
      const created = page.getByTestId('created-invitation');
      await expect(created).toContainText(`Para ${email} como Gerente`);
      const link =
        (await created
          .getByRole('group', { name: 'Enlace de la invitación' })
          .getByTestId('copy-link-url')
          .textContent()) ?? '';
      expect(link).toMatch(/\/invitacion#[A-Za-z0-9_-]{32,}$/);
      await created.getByRole('button', { name: 'Copiar enlace' }).click();
      await expect(created.getByRole('status')).toHaveText('Enlace copiado.');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
      await expect(page.getByTestId('team-invitations')).toContainText(email);
      await expectNoAxeViolations(page, 'invitation created');
      await created.scrollIntoViewIfNeeded();
      await screenshot(page, 'manage-team-invitation');

      // The invited person, on another device: the link creates the account.
      const other = await browser.newContext();
      const phone = await other.newPage();
      await phone.goto(new URL(link).pathname + new URL(link).hash);
      await expect(phone.getByRole('heading', { level: 1, name: `Invitación a ${VENUE_NAME}` })).toBeVisible({
        timeout: ceiling(15_000),
      });
      await expect(phone.getByTestId('invitation')).toContainText(`como Gerente con el correo ${email}`);
      await expect(phone.getByLabel('Correo electrónico')).toHaveValue(email);
      await expectNoAxeViolations(phone, 'invitation page');
      await screenshot(phone, 'manage-invitation');
      await phone.getByLabel('Tu nombre').fill('Lucía Martín');
      await phone.getByLabel('Contraseña').fill('corta');
      await phone.getByRole('button', { name: 'Crear cuenta y unirme' }).click();
      await expect(phone.getByText('La contraseña necesita al menos 8 caracteres')).toBeVisible();
      await phone.getByLabel('Contraseña').fill('paella-2026');
      await phone.getByRole('button', { name: 'Crear cuenta y unirme' }).click();
      const accepted = phone.getByTestId('invitation-accepted');
      await expect(accepted).toContainText(`Ya formas parte del equipo de ${VENUE_NAME} como Gerente.`);
      await expectSignedIn(phone);
      await expectNoAxeViolations(phone, 'invitation accepted');
      await screenshot(phone, 'manage-invitation-accepted');

      await accepted.getByRole('link', { name: 'Gestionar menú' }).click();
      await expect(phone.getByRole('heading', { level: 1, name: `Gestionar menú · ${VENUE_NAME}` })).toBeVisible({
        timeout: ceiling(15_000),
      });
      await phone.getByTestId('panel-nav').getByRole('link', { name: 'Pedidos' }).click();
      await expect(phone.getByTestId('order-board')).toHaveAttribute('data-state', 'ready', {
        timeout: ceiling(15_000),
      });
      await expect(phone.getByTestId('board-venue')).toContainText(VENUE_NAME);

      // The link works once.
      const reused = await browser.newContext();
      const third = await reused.newPage();
      await third.goto(new URL(link).pathname + new URL(link).hash);
      await expect(third.getByRole('heading', { level: 1, name: 'Invitación no válida' })).toBeVisible({
        timeout: ceiling(15_000),
      });
      await reused.close();

      // The admin sees the new manager and takes the access away.
      await page.reload();
      const row = page.getByTestId('team-members').locator(`[data-member="${email}"]`);
      await expect(row).toContainText('Lucía Martín');
      await expect(row).toContainText('Gerente');
      await expect(page.getByTestId('team-invitations')).toHaveCount(0);
      page.once('dialog', (dialog) => void dialog.accept());
      await row.getByRole('button', { name: 'Quitar acceso a Lucía Martín' }).click();
      await expect(
        page.getByRole('status').filter({ hasText: 'Lucía Martín ya no tiene acceso a este local.' }),
      ).toBeVisible();
      await expect(row).toHaveCount(0);

      // At the next token refresh the editor and the board are closed to her.
      await expireAccessTokenOnDevice(phone);
      await phone.goto(`/panel/menu?venue=${VENUE}`);
      await expect(phone.getByRole('heading', { name: 'No gestionas este local' })).toBeVisible({
        timeout: ceiling(15_000),
      });
      await phone.goto(`/panel?venue=${VENUE}`);
      await expect(phone.getByTestId('panel-no-access')).toBeVisible({ timeout: ceiling(15_000) });
      await other.close();
    },
  );

  test('an invitation accepted by signing in with Google (the demo provider) comes back to the link and gives the scope', async ({
    page,
    request,
    allowConsoleError,
  }) => {
    test.setTimeout(ceiling(90_000));
    // The loopback OpenID provider's own interaction page logs a 400 of its own (not our site).
    allowConsoleError(/^Failed to load resource: the server responded with a status of 400 /);
    const login = await request.post('/api/auth/login', { data: ADMIN });
    const { token } = (await login.json()) as { token: string };
    const res = await request.post(`/api/venues/${VENUE}/invitations`, {
      data: { email: 'luis@demo.umenu.test', role: 'staff' },
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(res.status()).toBe(201);
    const link = new URL(((await res.json()) as { url: string }).url);

    await page.goto(link.pathname + link.hash);
    await expect(page.getByRole('heading', { level: 1, name: `Invitación a ${VENUE_NAME}` })).toBeVisible({
      timeout: ceiling(15_000),
    });
    // Luis has no account yet on a fresh server (the other project may have made it: then "Iniciar sesión").
    const toLogin = page.getByRole('button', { name: /^(Entra con Google|Iniciar sesión)$/ });
    await toLogin.click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByRole('button', { name: 'Continuar con Google' }).click();
    await expect(page.getByRole('heading', { name: 'Elige una cuenta de demostración' })).toBeVisible();
    await page.getByRole('button', { name: /Continuar como Luis Pérez/ }).click();

    // Back on the invitation, signed in as Luis.
    await expect(page).toHaveURL(new RegExp(`/invitacion#${link.hash.slice(1)}$`), { timeout: ceiling(20_000) });
    await expect(page.getByText('Has iniciado sesión como luis@demo.umenu.test.')).toBeVisible({
      timeout: ceiling(15_000),
    });
    await page.getByRole('button', { name: 'Aceptar invitación' }).click();
    await expect(page.getByTestId('invitation-accepted')).toContainText(
      `Ya formas parte del equipo de ${VENUE_NAME} como Personal.`,
    );
    await page.getByRole('link', { name: 'Abrir el panel de pedidos' }).click();
    await expect(page.getByTestId('order-board')).toHaveAttribute('data-state', 'ready', { timeout: ceiling(15_000) });
  });
});
