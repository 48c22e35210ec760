/**
 * A manager of several venues: `/panel` and `/panel/mesas` without a venue list them by
 * name (never "Tu cuenta es de comensal" or raw ids); every panel page (board, editor,
 * tables, team) switches venue in place; the account menu lists each venue.
 */
import { expect, test } from './fixtures.ts';
import { expectNoAxeViolations, screenshot } from './helpers.ts';
import { MANAGER, signInStored } from './manage-helpers.ts';
import { ceiling } from '../ceiling.ts';

const NAMES = ['Bar El Cabanyal', 'Café La Macarena', 'Taquería El Güero'];

test.describe('venue switcher of a manager of several venues', () => {
  test(
    'pickers show names; board, editor, tables and team switch venue; the account menu lists each venue',
    { tag: '@desktop' },
    async ({ page }) => {
      test.setTimeout(ceiling(120_000));
      await signInStored(page, MANAGER);

      // The board without a venue: a picker with names, not the diner's message.
      await page.goto('/panel');
      const boardPicker = page.getByTestId('panel-venues');
      for (const name of NAMES)
        await expect(boardPicker.getByRole('link', { name: new RegExp(name) })).toBeVisible({
          timeout: ceiling(15_000),
        });
      await expect(page.getByText('Tu cuenta es de comensal')).toHaveCount(0);
      await expect(boardPicker).not.toContainText('cafe-la-macarena');

      await page.goto('/panel/mesas');
      await expect(page.getByRole('heading', { level: 1, name: 'Elige un local' })).toBeVisible({
        timeout: ceiling(15_000),
      });
      const tablesPicker = page.getByTestId('manage-venues');
      await expect(tablesPicker.getByRole('link')).toHaveText(NAMES);
      await expect(tablesPicker).not.toContainText('taqueria-el-guero');
      await expectNoAxeViolations(page, 'tables venue picker');
      await tablesPicker.getByRole('link', { name: 'Café La Macarena' }).click();
      await expect(page).toHaveURL(/\/panel\/mesas\?venue=cafe-la-macarena$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Mesas y QR · Café La Macarena' })).toBeVisible({
        timeout: ceiling(15_000),
      });

      // The editor: "Local: …" opens the list of venues; another one opens the editor there.
      await page.goto('/panel/menu?venue=cafe-la-macarena');
      await expect(page.getByRole('heading', { level: 1, name: 'Gestionar menú · Café La Macarena' })).toBeVisible({
        timeout: ceiling(15_000),
      });
      const switcher = page.getByTestId('venue-switcher');
      await switcher.getByText('Local: Café La Macarena').click();
      const list = switcher.getByRole('list', { name: 'Cambiar de local' });
      await expect(list.getByRole('link')).toHaveText(NAMES);
      await expect(list.getByRole('link', { name: 'Café La Macarena' })).toHaveAttribute('aria-current', 'page');
      await expectNoAxeViolations(page, 'venue switcher open');
      await page.evaluate(() => scrollTo(0, 0));
      await screenshot(page, 'manage-venue-switcher');
      await list.getByRole('link', { name: 'Taquería El Güero' }).click();
      await expect(page).toHaveURL(/\/panel\/menu\?venue=taqueria-el-guero$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Gestionar menú · Taquería El Güero' })).toBeVisible({
        timeout: ceiling(15_000),
      });

      // The tables page and the board switch the same way.
      await page.getByTestId('panel-nav').getByRole('link', { name: 'Mesas y QR' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Mesas y QR · Taquería El Güero' })).toBeVisible({
        timeout: ceiling(15_000),
      });
      await page.getByTestId('venue-switcher').getByText('Local: Taquería El Güero').click();
      await page.getByRole('list', { name: 'Cambiar de local' }).getByRole('link', { name: 'Bar El Cabanyal' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Mesas y QR · Bar El Cabanyal' })).toBeVisible({
        timeout: ceiling(15_000),
      });

      await page.getByTestId('panel-nav').getByRole('link', { name: 'Pedidos' }).click();
      await expect(page.getByTestId('order-board')).toHaveAttribute('data-state', 'ready', {
        timeout: ceiling(15_000),
      });
      await expect(page.getByTestId('board-venue')).toContainText('Bar El Cabanyal');
      await page.getByTestId('venue-switcher').getByText('Local: Bar El Cabanyal').click();
      await expectNoAxeViolations(page, 'board with the switcher open');
      await screenshot(page, 'manage-venue-switcher-board');
      await page
        .getByRole('list', { name: 'Cambiar de local' })
        .getByRole('link', { name: 'Café La Macarena' })
        .click();
      await expect(page).toHaveURL(/\/panel\?venue=cafe-la-macarena$/);
      await expect(page.getByTestId('board-venue')).toContainText('Café La Macarena', { timeout: ceiling(15_000) });

      // The account menu lists each venue (its board) and the team page.
      await page.getByTestId('account-button').click();
      const venues = page.getByRole('list', { name: 'Tus locales' });
      await expect(venues.getByRole('link')).toHaveText(NAMES);
      await expect(venues.getByRole('link', { name: 'Taquería El Güero' })).toHaveAttribute(
        'href',
        '/panel?venue=taqueria-el-guero',
      );
      await expect(page.getByRole('banner').getByRole('link', { name: 'Equipo' })).toHaveAttribute(
        'href',
        '/panel/equipo?venue=cafe-la-macarena',
      );
      // The menu itself: the board under it was scanned above, closed.
      await expectNoAxeViolations(page, 'account menu with venues', { include: 'header' });
      await screenshot(page, 'manage-account-menu-venues');
    },
  );
});
