/**
 * The next party at a table (docs/rules.md#table-sessions): a phone scanning the QR of a table whose open session had
 * no activity for 30 minutes is asked «¿Sois el mismo grupo?» and sees nothing of the party there; «No, somos otro
 * grupo» tells the board («Mesa … : un grupo nuevo espera») and the phone joins a new, empty table once staff close
 * the old one. Two phones (browser contexts) and the board.
 */
import { DatabaseSync } from 'node:sqlite';
import type { APIRequestContext, Page } from '@playwright/test';
import { COCINA, fillLogin } from './auth-helpers.ts';
import { expect, test } from './fixtures.ts';
import { expectNoAxeViolations, loggedStatus, openAllDay, screenshot } from './helpers.ts';
import { apiLogin, islandsReady, STAFF } from './order-helpers.ts';
import { bar, joinAs, newPhone, tableLink } from './table-helpers.ts';
import { ceiling } from '../ceiling.ts';

/** A venue and tables no other spec uses (one per project: both run against one server). */
const VENUE = 'bar-el-cabanyal';

// Bar El Cabanyal keeps real hours: open it round the clock for each test that orders there (helpers.ts).
let putHoursBack: (() => Promise<void>) | undefined;
test.beforeEach(async ({ request }) => {
  putHoursBack = await openAllDay(request, VENUE);
});
test.afterEach(async () => {
  await putHoursBack?.();
});
const labelFor = (project: string) => (project === 'phone' ? 'Terraza 3' : 'Terraza 4');

async function closeTable(request: APIRequestContext, label: string): Promise<number> {
  const { token } = await apiLogin(request, STAFF);
  const res = await request.post(`/api/venues/${VENUE}/tables/${encodeURIComponent(label)}/close`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { confirmUnpaid: true },
  });
  return res.status();
}

async function openBoard(page: Page): Promise<void> {
  await page.goto('/login');
  await fillLogin(page, COCINA.email, COCINA.password);
  await expect(page).not.toHaveURL(/\/login/, { timeout: ceiling(15_000) });
  await page.goto(`/panel?venue=${VENUE}`);
  await expect(page.getByTestId('order-board')).toHaveAttribute('data-state', 'ready');
}

test('@desktop a new party at a table left open is asked «¿Sois el mismo grupo?», sees nothing of the last party, and gets its own table once staff close the old one', async ({
  page,
  browser,
  request,
  umenu,
  allowConsoleError,
}, testInfo) => {
  test.setTimeout(ceiling(120_000));
  // Why: the join into an old session answers 409 (the question) on purpose, which Chromium logs.
  allowConsoleError(loggedStatus(409));
  const label = labelFor(testInfo.project.name);
  expect([200, 404]).toContain(await closeTable(request, label));
  const link = await tableLink(request, label, VENUE);

  // The last party: Ana joined and left the table open.
  await joinAs(page, link, 'Ana', label);
  // Her party's last activity is 31 minutes ago (the clock moved in the database rather than waited).
  const db = new DatabaseSync(umenu.db);
  try {
    db.exec('PRAGMA busy_timeout = 5000');
    db.prepare(
      "UPDATE table_sessions SET active_at = active_at - ? WHERE venue_id = ? AND label = ? AND status = 'open'",
    ).run(31 * 60_000, VENUE, label);
  } finally {
    db.close();
  }

  // The next party scans the QR code on another phone.
  const next = await newPhone(browser, testInfo);
  try {
    const phone = next.page;
    await phone.goto(link);
    await islandsReady(phone);
    await phone.getByLabel('¿Cómo te llamas?').fill('Beto');
    await phone.getByRole('button', { name: 'Unirme a la mesa' }).click();
    const question = phone.getByTestId('table-same-group');
    await expect(question.getByText('Esta mesa tiene una cuenta abierta. ¿Sois el mismo grupo?')).toBeVisible();
    await expect(question.getByRole('button', { name: 'Sí, unirme' })).toBeVisible();
    await expect(question.getByRole('button', { name: 'No, somos otro grupo' })).toBeVisible();
    await expect(phone.getByText('Ana', { exact: true })).toHaveCount(0);
    await expect(bar(phone)).toHaveCount(0);
    await expectNoAxeViolations(phone, 'the same-group question');
    await screenshot(phone, 'table-same-group');

    await question.getByRole('button', { name: 'No, somos otro grupo' }).click();
    await expect(phone.getByTestId('table-new-group-waiting')).toBeVisible();
    await expect(phone.getByText('Ana', { exact: true })).toHaveCount(0);
    await expectNoAxeViolations(phone, 'a new group waiting');
    await screenshot(phone, 'table-new-group-waiting');

    // The board says a new group waits at that table.
    const board = await newPhone(browser, testInfo);
    try {
      await openBoard(board.page);
      const card = board.page
        .getByTestId('board-table')
        .filter({ has: board.page.getByRole('heading', { name: `Mesa ${label}`, exact: true }) });
      await expect(card.getByTestId('board-table-new-group')).toHaveText(`Mesa ${label}: un grupo nuevo espera`);
      await screenshot(board.page, 'board-new-group-waiting');
    } finally {
      await board.context.close();
    }

    // Staff close the old table: Ana's phone says so; Beto's joins a new, empty one by itself.
    expect(await closeTable(request, label)).toBe(200);
    await expect(page.getByTestId('table-closed')).toBeVisible({ timeout: ceiling(10_000) });
    await expect(bar(phone).getByTestId('table-people')).toContainText('Beto (tú)', { timeout: ceiling(15_000) });
    await expect(bar(phone).getByTestId('table-people')).not.toContainText('Ana');
  } finally {
    await next.context.close();
  }
});
