/**
 * Words that belong to one country (src/contract/country-words.ts): a diner at a table in
 * Valencia calls the «camarero», one in Mexico City the «mesero», and the toast after the call
 * says it the same way.
 */
import { expect, test } from './fixtures.ts';
import { expectNoAxeViolations, openAllDay, screenshot } from './helpers.ts';
import { bar, closeTable, dismissToasts, joinAs, newPhone, tableLink } from './table-helpers.ts';

const VALENCIA = 'bar-el-cabanyal';

// Bar El Cabanyal keeps real hours: open it round the clock for each test that orders there (helpers.ts).
let putHoursBack: (() => Promise<void>) | undefined;
test.beforeEach(async ({ request }) => {
  putHoursBack = await openAllDay(request, VALENCIA);
});
test.afterEach(async () => {
  await putHoursBack?.();
});
const MEXICO = 'taqueria-el-guero';

test('a table in Valencia calls the «camarero», one in Mexico City the «mesero» @desktop', async ({
  page,
  request,
  browser,
  baseURL,
}, testInfo) => {
  const phone = testInfo.project.name === 'phone';
  const valenciaTable = phone ? 'Terraza 3' : 'Terraza 4';
  const mexicoTable = phone ? 'Barra 3' : 'Terraza';
  // Tables left open by an earlier run start afresh.
  await closeTable(request, valenciaTable, false, VALENCIA);
  await closeTable(request, mexicoTable, false, MEXICO);

  await joinAs(page, await tableLink(request, valenciaTable, VALENCIA), 'Lucía', valenciaTable);
  await expect(bar(page).getByRole('button', { name: 'Llamar al camarero' })).toBeVisible();
  await expect(bar(page).getByRole('button', { name: /mesero/ })).toHaveCount(0);
  await bar(page).getByRole('button', { name: 'Llamar al camarero' }).click();
  await expect(page.getByText('Avisamos al camarero: va en camino.')).toBeVisible();
  await expect(bar(page).getByTestId('table-calls')).toHaveText('Llamaste al camarero: ya está avisado.');
  await dismissToasts(page);
  await screenshot(page, 'country-words-valencia');
  await expectNoAxeViolations(page);

  // Another diner's phone, at a taquería in Mexico City.
  const { context, page: mateo } = await newPhone(browser, testInfo, baseURL);
  await joinAs(mateo, await tableLink(request, mexicoTable, MEXICO), 'Mateo', mexicoTable);
  await expect(bar(mateo).getByRole('button', { name: 'Llamar al mesero' })).toBeVisible();
  await expect(bar(mateo).getByRole('button', { name: /camarero/ })).toHaveCount(0);
  await context.close();
  await closeTable(request, mexicoTable, false, MEXICO);
  await closeTable(request, valenciaTable, false, VALENCIA);
});
