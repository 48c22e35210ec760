/**
 * The staff board and a real diner phone at one table (docs/rules.md#table-sessions): the phone joins through
 * the table's link, its call reaches the board marked with the table, staff acknowledge it,
 * and `Cerrar mesa` on the board shows `Mesa cerrada` on the phone.
 * Needs the diner's table UI (src/features/table-session/).
 */
import type { TestInfo } from '@playwright/test';
import { COCINA, signInStored } from './auth-helpers.ts';
import { expect, test } from './fixtures.ts';
import { expectNoAxeViolations } from './helpers.ts';
import { newPhone, tableLink } from './table-helpers.ts';
import { ceiling } from '../ceiling.ts';

const VENUE = 'taqueria-el-guero';

/** Tables no other spec uses, one per project (both run against one server). */
const tableFor = (testInfo: TestInfo) => (testInfo.project.name === 'phone' ? 'Barra 1' : 'Terraza');

test(
  'a diner phone at the table: its call reaches the board, and Cerrar mesa shows Mesa cerrada on the phone',
  { tag: '@desktop' },
  async ({ page, browser }, testInfo) => {
    test.setTimeout(ceiling(90_000));
    const label = tableFor(testInfo);
    const link = await tableLink(page.request, label, VENUE, COCINA);

    await signInStored(page, COCINA);
    await page.goto(`/panel?venue=${VENUE}`);
    await expect(page.getByText(/En vivo · última vez/)).toBeVisible({ timeout: ceiling(10_000) });
    const card = page
      .getByTestId('board-table')
      .filter({ has: page.getByRole('heading', { name: `Mesa ${label}`, exact: true }) });

    const { page: phone } = await newPhone(browser, testInfo);
    await phone.goto(link);
    await expect(phone.locator('astro-island[ssr]')).toHaveCount(0, { timeout: ceiling(15_000) });
    await phone.getByLabel('¿Cómo te llamas?').fill('Paula');
    await phone.getByRole('button', { name: 'Unirme a la mesa' }).click();
    const bar = phone.getByTestId('table-bar');
    await expect(bar.getByRole('heading', { name: `Mesa ${label}` })).toBeVisible();

    // The board shows her at the table, live.
    await expect(card.getByTestId('board-table-people')).toHaveText('1 persona: Paula', { timeout: ceiling(3_000) });

    // Her call reaches the board, saying the table and who called.
    await bar.getByRole('button', { name: 'Llamar al mesero' }).click();
    await expect(card.getByTestId('board-table-call')).toContainText(`Mesa ${label} · Paula llama al mesero`, {
      timeout: ceiling(3_000),
    });
    await expect(
      page.getByTestId('table-call-toast').filter({ hasText: `Mesa ${label} · Paula llama al mesero` }),
    ).toBeVisible();
    await card.getByRole('button', { name: `Atendido: Llamar al mesero, Mesa ${label}` }).click();
    await expect(card.getByTestId('board-table-call')).toHaveCount(0);

    // Staff close the table from the board: the phone says so within seconds.
    await card.getByRole('button', { name: `Cerrar mesa, Mesa ${label}` }).click();
    await page
      .getByRole('dialog', { name: `¿Cerrar la Mesa ${label}?` })
      .getByRole('button', { name: 'Sí, cerrar la mesa' })
      .click();
    await expect(card).toHaveCount(0);
    await expect(phone.getByTestId('table-closed')).toContainText('Mesa cerrada', { timeout: ceiling(5_000) });
    await expectNoAxeViolations(page, 'board after the phone table closed');
  },
);
