/**
 * A venue's printers without a developer: on `/panel/impresoras` the manager maps a printer to the
 * bar, is told in Spanish when a field is wrong, creates the print agent's token (shown once,
 * inside the command that starts the agent) and revokes it. Axe on each new screen state.
 */
import { expect, test } from './fixtures.ts';
import { expectNoAxeViolations, loggedStatus, screenshot } from './helpers.ts';
import { MANAGER, signInStored } from './manage-helpers.ts';
import { ceiling } from '../ceiling.ts';

const VENUE = 'taqueria-el-guero';

test.describe('printers of a venue', () => {
  test('map a printer to a station, create and revoke the agent token', async ({ page, allowConsoleError }) => {
    test.setTimeout(ceiling(90_000));
    allowConsoleError(loggedStatus(422)); // the point of two steps: a printer without an address, or at one outside the restaurant's network, is refused
    await signInStored(page, MANAGER);
    await page.goto(`/panel/impresoras?venue=${VENUE}`);
    await expect(page.getByRole('heading', { level: 1, name: /^Impresoras · / })).toBeVisible({
      timeout: ceiling(15_000),
    });
    await expectNoAxeViolations(page, 'printers page');

    const row = page.getByTestId('printer-row').first();
    await row.getByLabel('Nombre').fill('Barra');
    await row.getByLabel('Estación').selectOption({ label: 'Barra' });
    await row.getByLabel('Ancho del papel').selectOption('58');
    await page.getByRole('button', { name: 'Guardar impresoras' }).click();
    await expect(
      row.getByText(
        'Escribe la dirección IP de la impresora en la red del local (p. ej. 192.168.1.50) o su nombre en esa red.',
      ),
    ).toBeVisible();
    await expect(row.getByLabel('Dirección IP')).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page, 'printer refused');
    // Only the restaurant's network (docs/rules.md#printer-addresses): the cloud's metadata address is refused.
    await row.getByLabel('Dirección IP').fill('169.254.169.254');
    await page.getByRole('button', { name: 'Guardar impresoras' }).click();
    await expect(
      row.getByText(
        'Usa la dirección de la impresora en la red del local (10.x.x.x, 172.16–31.x.x, 192.168.x.x o fd…): no se admiten otras direcciones.',
      ),
    ).toBeVisible();

    await row.getByLabel('Dirección IP').fill('192.168.1.51');
    await page.getByRole('button', { name: 'Guardar impresoras' }).click();
    await expect(page.getByText('Impresoras guardadas.')).toBeVisible();
    await expect(page.getByTestId('printer-states')).toContainText('Barra · 192.168.1.51:9100 · 58 mm');

    await page.getByRole('button', { name: 'Crear token del agente' }).click();
    const command = page.getByTestId('agent-command').getByTestId('copy-link-url');
    await expect(command).toContainText(`npm run print-agent -- --api `);
    // The API base, as the site's /config.json has it (the agent adds nothing to it).
    await expect(command).toContainText(/--api https?:\/\/\S+\/api --venue /);
    await expect(command).toContainText(`--venue ${VENUE} --token upa_`);
    await expect(page.getByTestId('print-agents').getByRole('listitem')).toHaveCount(1);
    await expectNoAxeViolations(page, 'agent token created');
    await screenshot(page, 'manage-printers');

    await page.getByRole('button', { name: 'Revocar el token del agente 1' }).click();
    await expect(page.getByText('Token revocado: ese agente ya no puede imprimir.')).toBeVisible();
    await expect(page.getByTestId('print-agents')).toHaveCount(0);
  });
});
