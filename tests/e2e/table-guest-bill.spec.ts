/**
 * Whom a waiter's line is for, on the diner's bill (docs/rules.md#the-floor): a waiter puts a line «for Comensal
 * 2» into the table's cart and sends the round; the diner's «Cuenta de la mesa» says «para Comensal 2» under that
 * line, in the sent rounds and among the dishes to pick. Phone project only; Bar El Cabanyal's table «Barra»,
 * which no other spec uses (the venue opened round the clock for the test, helpers.ts).
 */
import { expect, test } from './fixtures.ts';
import { expectNoAxeViolations, openAllDay } from './helpers.ts';
import { apiLogin, STAFF } from './order-helpers.ts';
import { bar, closeTable, dismissToasts, joinAs, tableLink } from './table-helpers.ts';

const VENUE = 'bar-el-cabanyal';
const LABEL = 'Barra';
const table = (rest: string) => `/api/venues/${VENUE}/tables/${encodeURIComponent(LABEL)}${rest}`;

let putHoursBack: (() => Promise<void>) | undefined;
test.beforeEach(async ({ request }) => {
  putHoursBack = await openAllDay(request, VENUE);
});
test.afterEach(async () => {
  await putHoursBack?.();
});

test("the diner's bill says whom a waiter's line is for", async ({ page, request, isMobile }) => {
  test.skip(!isMobile, 'a phone flow (the desktop project does not repeat it)');
  await closeTable(request, LABEL, false, VENUE);
  await joinAs(page, await tableLink(request, LABEL, VENUE), 'Ana', LABEL);
  const headers = { Authorization: `Bearer ${(await apiLogin(request, STAFF)).token}` };
  const line = await request.put(table('/cart/lines/guest-line-1'), {
    headers,
    data: { productId: 'pan-de-payes', optionIds: [], quantity: 1, guest: 'Comensal 2' },
  });
  expect(line.status()).toBe(200);
  const sent = await request.post(table('/rounds'), {
    headers: { ...headers, 'Idempotency-Key': `e2e-guest-${Date.now()}` },
  });
  expect(sent.status()).toBe(201);

  await dismissToasts(page);
  await bar(page).getByRole('button', { name: 'Cuenta de la mesa' }).click();
  const bill = page.getByRole('dialog', { name: 'Cuenta de la mesa' });
  await expect(bill.getByTestId('bill-round').getByRole('listitem').filter({ hasText: 'Pan de payés' })).toContainText(
    'para Comensal 2',
  );
  await expect(bill.getByTestId('bill-line').filter({ hasText: 'Pan de payés' })).toContainText('para Comensal 2');
  await expectNoAxeViolations(page, 'bill: a waiter line for a guest');
  await closeTable(request, LABEL, true, VENUE);
});
