/**
 * The owner's reports (`/panel/informes`, docs/rules.md#reports) on a week of generated data: the manager sees the
 * period's figures, switches period and gets other figures (the period kept in the URL through a reload), reads a
 * chart as a table, downloads a chart's CSV with the section's rows; a venue's staff are told it is for managers.
 * Axe on the phone; screenshots on a desktop (1280 wide) and a phone (390×844).
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { addDays, REPORT_CSV_COLUMNS, type Report } from '../../src/contract/reports.ts';
import { formatMoney } from '../../src/contract/money-format.ts';
import { presetPeriod, todayIn } from '../../src/features/reports/logic.ts';
import { COCINA } from './auth-helpers.ts';
import { expect, test } from './fixtures.ts';
import { expectNoAxeViolations, screenshot } from './helpers.ts';
import { MANAGER, scrollSettled, signInStored } from './manage-helpers.ts';
import { ceiling } from '../ceiling.ts';

const VENUE = 'bar-el-cabanyal';
const run = promisify(execFile);
const ZONE = 'Europe/Madrid';

test.describe('the owner reports', { tag: '@desktop' }, () => {
  test('a week of sales: figures, another period, a chart as a table and as CSV', async ({
    page,
    request,
    browser,
    umenu,
  }, testInfo) => {
    test.setTimeout(ceiling(120_000));
    const phone = testInfo.project.name === 'phone';
    // A week of generated sales (the seven days before today) in this worker's database, beside its running server.
    await run('npm', ['run', 'demo:history', '--', '--venue', VENUE, '--days', '7'], {
      env: { ...process.env, UMENU_DB: umenu.db },
    });
    const today = todayIn(ZONE);
    const week = { from: addDays(today, -7), to: addDays(today, -1) };
    const login = await request.post('/api/auth/login', { data: MANAGER });
    const { token } = (await login.json()) as { token: string };
    const reportOf = async (from: string, to: string) => {
      const response = await request.get(`/api/venues/${VENUE}/reports`, {
        params: { from, to },
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.status()).toBe(200);
      return (await response.json()) as Report;
    };
    const money = (minor: number) => formatMoney(minor, 'EUR', 'es-ES');

    // The seven days, from the URL (a shared link).
    const sevenDays = await reportOf(week.from, week.to);
    expect(sevenDays.summary.netSales).toBeGreaterThan(0);
    await signInStored(page, MANAGER);
    await page.goto(`/panel/informes?venue=${VENUE}&from=${week.from}&to=${week.to}`);
    await expect(page.getByRole('heading', { level: 1, name: /^Informes · / })).toBeVisible({
      timeout: ceiling(15_000),
    });
    const netSales = page.getByTestId('figure-netSales').getByTestId('figure-value');
    await expect(netSales).toHaveText(money(sevenDays.summary.netSales));
    await expect(page.getByTestId('figure-orders').getByTestId('figure-value')).toHaveText(
      String(sevenDays.summary.orders),
    );
    await expect(page.getByRole('img', { name: /^Ventas netas por día/ })).toBeVisible();
    await expectNoAxeViolations(page, 'reports for seven days');
    await scrollSettled(page);
    await screenshot(page, 'reports');
    await page.screenshot({
      path: `test-results/screens/reports-full-${phone ? 'phone' : 'desktop'}.png`,
      fullPage: true,
    });

    // Yesterday: other figures, and the URL says so (a reload keeps it).
    const yesterday = presetPeriod('yesterday', today);
    const oneDay = await reportOf(yesterday.from, yesterday.to);
    expect(oneDay.summary.netSales).not.toBe(sevenDays.summary.netSales);
    await page.getByRole('button', { name: 'Ayer' }).click();
    await expect(page).toHaveURL(new RegExp(`from=${yesterday.from}&to=${yesterday.to}`));
    await expect(netSales).toHaveText(money(oneDay.summary.netSales));
    await page.reload();
    await expect(page.getByRole('button', { name: 'Ayer' })).toHaveAttribute('aria-pressed', 'true');
    await expect(netSales).toHaveText(money(oneDay.summary.netSales));

    // A chart as a table, and its CSV: the same rows.
    const byHour = page.getByTestId('report-by-hour');
    await byHour.getByRole('button', { name: 'Ver tabla' }).click();
    const table = byHour.getByRole('table', { name: /Ventas netas por hora/ });
    await expect(table.getByTestId('report-row')).toHaveCount(24);
    await expect(table.getByRole('row', { name: /^13 h/ })).toContainText(money(oneDay.byHour[13]!.netSales));
    if (phone) await expectNoAxeViolations(page, 'a chart as a table');

    const downloading = page.waitForEvent('download');
    await byHour.getByRole('button', { name: 'Descargar CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`informe-byHour-${yesterday.from}-${yesterday.to}.csv`);
    const lines = readFileSync(await download.path(), 'utf8')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe(REPORT_CSV_COLUMNS.byHour.join(';'));
    expect(lines).toHaveLength(25);
    await expect(byHour.getByRole('status')).toHaveText('CSV descargado.');

    // A venue's staff: for managers only.
    if (phone) {
      const context = await browser.newContext();
      const staff = await context.newPage();
      await signInStored(staff, COCINA);
      await staff.goto(`/panel/informes?venue=${VENUE}`);
      await expect(staff.getByRole('heading', { level: 1, name: 'Solo gerentes' })).toBeVisible({
        timeout: ceiling(15_000),
      });
      await context.close();
    }
  });
});
