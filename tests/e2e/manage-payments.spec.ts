/**
 * A venue's online payments without a developer (docs/architecture.md#online-payments): on
 * `/panel/pagos` a manager chooses «Redsys (tarjeta y Bizum)», is told in Spanish when a field is
 * wrong, saves the merchant data, sees the secret only as «configurada» (also after a reload, and
 * never in the page), then turns online payment off. Axe on each new state; on a venue of its own
 * per project, so the phone and desktop runs never meet.
 */
import { expect, test } from './fixtures.ts';
import { createVenue, expectNoAxeViolations, loggedStatus, screenshot } from './helpers.ts';
import { ADMIN, signInStored } from './manage-helpers.ts';
import { ceiling } from '../ceiling.ts';

const SECRET = 'sq7HjrUOBfKmC576ILgskD5srU870gJ7';

test('choose Redsys, see the secret only as «configurada», reload, turn it off @desktop', async ({
  page,
  request,
  allowConsoleError,
}) => {
  test.setTimeout(ceiling(90_000));
  allowConsoleError(loggedStatus(422)); // the point of one step: a merchant code of 3 digits is refused
  const venue = `pagos-${test.info().project.name}`;
  await createVenue(request, venue, 'Bar de los Pagos');
  await signInStored(page, ADMIN);
  await page.goto(`/panel/pagos?venue=${venue}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Pagos en línea · Bar de los Pagos' })).toBeVisible({
    timeout: ceiling(15_000),
  });
  await expect(page.getByRole('radio', { name: /Sin pago en línea/ })).toBeChecked();
  await expectNoAxeViolations(page, 'payments page');

  await page.getByRole('radio', { name: /Redsys \(tarjeta y Bizum\)/ }).check();
  await page.getByLabel('Código de comercio (FUC)').fill('999');
  await page.getByLabel('Clave secreta (SHA-256)').fill(SECRET);
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('El código de comercio (FUC) de Redsys son 9 cifras.')).toBeVisible();
  await expect(page.getByLabel('Código de comercio (FUC)')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('payments-status')).toHaveText('Revisa los campos marcados: no se ha guardado.');
  await expectNoAxeViolations(page, 'merchant code refused');

  await page.getByLabel('Código de comercio (FUC)').fill('999008881');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByTestId('payments-status')).toHaveText(
    'Configuración guardada: los comensales pueden pagar con Redsys.',
  );
  await expect(page.getByTestId('pay-secretKey-configured')).toHaveText('configurada');
  await expect(page.getByLabel('Clave secreta (SHA-256)')).toHaveCount(0);
  await expectNoAxeViolations(page, 'Redsys saved');
  await screenshot(page, 'manage-payments');

  await page.reload();
  await expect(page.getByRole('radio', { name: /Redsys \(tarjeta y Bizum\)/ })).toBeChecked({
    timeout: ceiling(15_000),
  });
  await expect(page.getByLabel('Código de comercio (FUC)')).toHaveValue('999008881');
  await expect(page.getByTestId('pay-secretKey-configured')).toHaveText('configurada');
  expect(await page.content()).not.toContain(SECRET);
  // «Cambiar» offers the field again; left empty, the stored key is kept.
  await page.getByRole('button', { name: 'Cambiar' }).click();
  await expect(page.getByLabel('Clave secreta (SHA-256)')).toHaveValue('');

  await page.getByRole('radio', { name: /Sin pago en línea/ }).check();
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByTestId('payments-status')).toHaveText(
    'Pago en línea desactivado: el personal cobra todas las cuentas.',
  );
  await page.reload();
  await expect(page.getByRole('radio', { name: /Sin pago en línea/ })).toBeChecked({ timeout: ceiling(15_000) });
});
