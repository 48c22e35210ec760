/**
 * A tourist's table in their own language (docs/architecture.md#languages): on `/en/…` the bill
 * names the dishes as the menu does and writes money the English way; a German page falls back
 * to the venue's English before its Spanish.
 */
import { expect, test } from './fixtures.ts';
import { expectNoAxeViolations, openAllDay, screenshot } from './helpers.ts';
import { addInEnglish, islandsReady } from './order-helpers.ts';
import { bar, closeTable, tableDrawer, tableLink } from './table-helpers.ts';

const VALENCIA = 'bar-el-cabanyal';

// Bar El Cabanyal keeps real hours: open it round the clock for each test that orders there (helpers.ts).
let putHoursBack: (() => Promise<void>) | undefined;
test.beforeEach(async ({ request }) => {
  putHoursBack = await openAllDay(request, VALENCIA);
});
test.afterEach(async () => {
  await putHoursBack?.();
});

test('the English bill names the dishes in English and writes €8.50 @desktop', async ({ page, request }, testInfo) => {
  const label = testInfo.project.name === 'phone' ? 'Terraza 1' : 'Terraza 2';
  await closeTable(request, label, false, VALENCIA);
  await page.goto(`/en${await tableLink(request, label, VALENCIA)}`);
  await islandsReady(page);
  await page.getByLabel("What's your name?").fill('Emma');
  await page.getByRole('button', { name: 'Join the table' }).click();
  await expect(bar(page).getByRole('heading', { name: `Table ${label}` })).toBeVisible();

  await addInEnglish(page, 'Ibérico ham croquettes');
  await bar(page)
    .getByRole('button', { name: /^View table cart/ })
    .click();
  await expect(tableDrawer(page)).toBeVisible();
  await tableDrawer(page).getByRole('button', { name: 'Send to kitchen' }).click();
  await expect(tableDrawer(page).getByText("The table's cart is empty")).toBeVisible();
  await tableDrawer(page).getByRole('button', { name: 'Close cart' }).click();

  await bar(page).getByRole('button', { name: 'Table bill' }).click();
  const bill = page.getByTestId('bill-dialog');
  await expect(bill.getByTestId('bill-round')).toContainText('1 × Ibérico ham croquettes');
  await expect(bill).toContainText('€8.50');
  await expect(bill).not.toContainText('Croquetas');
  await expect(bill).not.toContainText('8,50');
  await screenshot(page, 'languages-bill-en');
  await expectNoAxeViolations(page);
  await closeTable(request, label, false, VALENCIA);
});

test('a German page shows the venue\'s English where it has no German, marked lang="en"', async ({ page }) => {
  await page.goto(`/de/${VALENCIA}`);
  await expect(page.getByRole('heading', { name: 'Valencian paella' })).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { name: 'Paella valenciana' })).toHaveCount(0);
});

test("switching language on a table link keeps the table's join card in view @desktop", async ({
  page,
  request,
}, testInfo) => {
  const label = testInfo.project.name === 'phone' ? '9' : '10';
  await page.goto(await tableLink(request, label, VALENCIA));
  await islandsReady(page);
  await expect(page.getByTestId('table-join')).toBeInViewport();
  await page.getByText('es', { exact: true }).click();
  await page.getByRole('link', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page).toHaveURL(/\/en\/bar-el-cabanyal\?mesa=[^#]*$/);
  const join = page.getByTestId('table-join');
  await expect(join.getByRole('button', { name: 'Join the table' })).toBeVisible();
  await expect(join).toBeInViewport();
  await screenshot(page, 'languages-table-join-en');
  await expectNoAxeViolations(page);
});
