/**
 * The bill on the diners' phones (docs/rules.md#the-bill): three phones at one table send a round; Ana pays
 * «Por platos» (her dish and half of a shared one) by card with a tip, Luis «A partes iguales» in cash (after
 * withdrawing a first request), Marta «Otra cantidad» with a tip typed as an amount, after a refusal (more
 * than is unassigned) that keeps what she typed. The staff confirm each request through the API; every phone
 * sees «Esperando al personal…» then «Pagado», the balance and who pays live, what is left unassigned,
 * and finally «Pagada».
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { expectNoAxeViolations, loggedStatus, takeServiceWorkerControl } from './helpers.ts';
import { addProduct, STAFF, VENUE, apiLogin, islandsReady } from './order-helpers.ts';
import {
  bar,
  closeTable,
  closeTableCart,
  dismissToasts,
  joinAs,
  newPhone,
  openTableCart,
  sendRound,
  tableDrawer,
  tableLink,
} from './table-helpers.ts';
import { ceiling } from '../ceiling.ts';

const LIVE = { timeout: ceiling(3_000) };
const SHOTS = 'test-results/screens';

const billOf = (page: Page) => page.getByRole('dialog', { name: 'Cuenta de la mesa' });

async function openBill(page: Page): Promise<void> {
  await dismissToasts(page);
  await bar(page).getByRole('button', { name: 'Cuenta de la mesa' }).click();
  await expect(billOf(page).getByTestId('bill-balance')).toBeVisible();
}

/** The staff confirm `name`'s pending request (the card terminal or the cash is outside umenu). */
async function confirmRequest(request: APIRequestContext, label: string, name: string): Promise<{ receiptId: string }> {
  const headers = { Authorization: `Bearer ${(await apiLogin(request, STAFF)).token}` };
  const table = `/api/venues/${VENUE}/tables/${encodeURIComponent(label)}`;
  const bill = await request.get(`${table}/bill`, { headers });
  expect(bill.status()).toBe(200);
  const { requests } = (await bill.json()) as {
    requests: Array<{ id: string; by: string; amount: number; tip: number; method: string }>;
  };
  const mine = requests.find((r) => r.by === name)!;
  expect(mine, `${name}'s pending request`).toBeDefined();
  const res = await request.post(`${table}/payments`, {
    headers: { ...headers, 'Idempotency-Key': `e2e-bill-${mine.id}` },
    data: { amount: mine.amount, tip: mine.tip, method: mine.method, requestId: mine.id },
  });
  expect(res.status()).toBe(201);
  const { payment } = (await res.json()) as { payment: { receiptId: string } };
  return { receiptId: payment.receiptId };
}

async function expectBalance(
  pages: Page[],
  values: { paid: string; balance: string; unassigned?: string },
): Promise<void> {
  for (const page of pages) {
    const bill = billOf(page);
    await expect(bill.getByTestId('bill-paid-amount')).toHaveText(values.paid, LIVE);
    await expect(bill.getByTestId('bill-balance-amount')).toHaveText(values.balance, LIVE);
    if (values.unassigned)
      await expect(bill.getByTestId('bill-unassigned')).toHaveText(`Quedan ${values.unassigned} sin asignar`, LIVE);
  }
}

test.describe('paying the table bill from the phones', () => {
  test('by dishes with a shared line, in equal parts, another amount with a tip; confirmed by the staff; Pagada on every phone', async ({
    browser,
    request,
    allowConsoleError,
  }, testInfo) => {
    test.setTimeout(ceiling(180_000));
    allowConsoleError(loggedStatus(409)); // the point of Marta's first try: the API refuses more than is unassigned
    const label = 'Barra 1';
    await closeTable(request, label, false);
    const link = await tableLink(request, label);
    const phones = await Promise.all([
      newPhone(browser, testInfo),
      newPhone(browser, testInfo),
      newPhone(browser, testInfo),
    ]);
    const [a, l, m] = phones.map((p) => p.page) as [Page, Page, Page];

    await joinAs(a, link, 'Ana', label);
    await joinAs(l, link, 'Luis', label);
    await joinAs(m, link, 'Marta', label);

    // One round: Ana $45.00 + $89.00, Luis $105.00, Marta $30.00 = $269.00.
    await addProduct(a, 'Volcán de chorizo');
    await addProduct(a, 'Guacamole con totopos');
    await addProduct(l, 'Torta ahogada');
    await addProduct(m, 'Café de olla');
    await openTableCart(a);
    await expect(tableDrawer(a).getByTestId('table-subtotal')).toHaveText('$269.00', LIVE);
    await tableDrawer(a).getByRole('button', { name: 'Enviar a cocina' }).click();
    await expect(tableDrawer(a).getByText('El carrito de la mesa está vacío')).toBeVisible();
    await closeTableCart(a);
    for (const page of [a, l, m]) await expect(bar(page).getByTestId('table-rounds')).toContainText('Ronda 1', LIVE);

    await expect(bar(a).getByTestId('table-paid')).toHaveCount(0);
    for (const page of [a, l, m]) await openBill(page);
    await expectBalance([a, l, m], { paid: '$0.00', balance: '$269.00', unassigned: '$269.00' });

    // Ana: «Por platos», what she ordered, the guacamole shared between 2 (the first share of $89.00: $44.50).
    const ab = billOf(a);
    await expect(ab.getByText('Pago lo mío: marca lo que pagas.')).toBeVisible();
    await ab.getByRole('button', { name: 'Marcar lo que pedí' }).click();
    await expect(ab.getByRole('checkbox', { name: /Volcán de chorizo/ })).toBeChecked();
    await expect(ab.getByRole('checkbox', { name: /Guacamole con totopos/ })).toBeChecked();
    await expect(ab.getByRole('checkbox', { name: /Torta ahogada/ })).not.toBeChecked();
    await ab.getByLabel('Cómo pagas «Guacamole con totopos»').selectOption({ label: 'Compartido entre 2' });
    await expect(ab.getByTestId('bill-line-share')).toHaveText('Tu parte: $44.50');
    await expect(ab.getByTestId('bill-my-part')).toHaveText('$89.50');
    await ab.getByText('10 %').click();
    await expect(ab.getByTestId('bill-my-tip')).toHaveText('$8.95');
    await expect(ab.getByTestId('bill-to-pay')).toHaveText('$98.45');
    await expectNoAxeViolations(a, 'bill: by dishes, a shared line');
    await ab.getByTestId('bill-items').scrollIntoViewIfNeeded();
    await a.screenshot({ path: `${SHOTS}/split-by-items.png` });
    await ab.getByRole('button', { name: 'Pagar mi parte' }).click();
    await expect(ab.getByTestId('bill-my-request')).toContainText('Esperando al personal…');
    await expect(ab.getByTestId('bill-my-request')).toContainText('$89.50 + $8.95 de propina, con tarjeta.');
    await expectNoAxeViolations(a, 'bill: waiting for the staff');
    await a.screenshot({ path: `${SHOTS}/waiting.png` });

    // Every phone: Ana is paying, her lines are marked, $179.50 left unassigned.
    await expectBalance([a, l, m], { paid: '$0.00', balance: '$269.00', unassigned: '$179.50' });
    const lb = billOf(l);
    await expect(lb.getByTestId('bill-who')).toContainText('Ana va a pagar $89.50', LIVE);
    await expect(
      lb.getByTestId('bill-line').filter({ hasText: 'Volcán de chorizo' }).getByTestId('bill-line-status'),
    ).toHaveText('Lo paga Ana');
    await expect(lb.getByRole('checkbox', { name: /Volcán de chorizo/ })).toBeDisabled();
    await expect(
      lb.getByTestId('bill-line').filter({ hasText: 'Guacamole con totopos' }).getByTestId('bill-line-status'),
    ).toHaveText('Compartido entre 2: Ana');
    await expectNoAxeViolations(l, 'bill: lines another diner pays');
    await lb.getByTestId('bill-items').scrollIntoViewIfNeeded();
    await l.screenshot({ path: `${SHOTS}/split-by-items-others.png` });

    // The staff confirm Ana's request: «Pagado» and her receipt's link, live.
    const anaReceipt = await confirmRequest(request, label, 'Ana');
    await expect(ab.getByTestId('bill-my-payment')).toContainText('Pagado', LIVE);
    await expect(ab.getByTestId('bill-my-payment')).toContainText('Pagaste $89.50 + $8.95 de propina.');
    await expect(ab.getByRole('link', { name: 'Ver mi recibo' })).toHaveAttribute(
      'href',
      `/recibo/${anaReceipt.receiptId}`,
    );
    await expect(ab.getByTestId('bill-my-request')).toHaveCount(0);
    await expectBalance([a, l, m], { paid: '$89.50', balance: '$179.50', unassigned: '$179.50' });
    await expect(
      lb.getByTestId('bill-line').filter({ hasText: 'Volcán de chorizo' }).getByTestId('bill-line-status'),
    ).toHaveText('Pagado por Ana', LIVE);
    await expectNoAxeViolations(a, 'bill: my part paid');

    // Luis: «A partes iguales» between the 3 of the table: $89.66 each, $0.02 left over (whoever pays last takes it).
    await lb.getByText('A partes iguales').click();
    await expect(lb.getByRole('heading', { name: 'Dividir entre 3' })).toBeVisible();
    await expect(lb.getByTestId('split-share')).toHaveText('Cada persona paga $89.66');
    await expect(lb.getByTestId('split-remainder')).toHaveText(
      'Sobran $0.02 por repartir: los paga quien pague el último.',
    );
    await lb.getByText('Efectivo', { exact: true }).click();
    await expect(lb.getByTestId('bill-to-pay')).toHaveText('$89.66');
    await expectNoAxeViolations(l, 'bill: equal parts');
    await lb.getByTestId('bill-equal').scrollIntoViewIfNeeded();
    await l.screenshot({ path: `${SHOTS}/equal-parts.png` });
    await lb.getByRole('button', { name: 'Pagar mi parte' }).click();
    await expect(lb.getByTestId('bill-my-request')).toContainText('Esperando al personal…');
    await expect(lb.getByTestId('bill-my-request')).toContainText('$89.66 + $0.00 de propina, en efectivo.');
    await expectBalance([a, l, m], { paid: '$89.50', balance: '$179.50', unassigned: '$89.84' });
    // He withdraws it (what he was paying is free again) and asks again.
    await lb.getByRole('button', { name: 'Retirar la solicitud' }).click();
    await expect(lb.getByTestId('bill-my-request')).toHaveCount(0);
    await expectBalance([a, l, m], { paid: '$89.50', balance: '$179.50', unassigned: '$179.50' });
    await lb.getByText('A partes iguales').click();
    await lb.getByText('Efectivo', { exact: true }).click();
    await lb.getByRole('button', { name: 'Pagar mi parte' }).click();
    await expect(lb.getByTestId('bill-my-request')).toContainText('Esperando al personal…');
    await expectBalance([a, l, m], { paid: '$89.50', balance: '$179.50', unassigned: '$89.84' });

    // Marta: «Otra cantidad». $100.00 is within the balance but more than is unassigned: the API's 409 in
    // Spanish, and what she typed stays.
    const mb = billOf(m);
    await mb.getByText('Otra cantidad').first().click();
    const amount = mb.getByLabel('¿Cuánto pagas?');
    await amount.fill('100');
    await mb.getByRole('button', { name: 'Pagar mi parte' }).click();
    await expect(mb.getByTestId('bill-pay-error')).toHaveText(
      'Eso es más de lo que queda sin asignar ($89.84): otras personas ya están pagando el resto.',
    );
    await expect(amount).toHaveValue('100');
    await expect(mb.getByTestId('bill-my-request')).toHaveCount(0);
    await expectNoAxeViolations(m, 'bill: a refused request');
    await mb.getByTestId('bill-pay-error').scrollIntoViewIfNeeded();
    await m.screenshot({ path: `${SHOTS}/refused.png` });
    // A typo is caught on the phone.
    await amount.fill('89,8,4');
    await mb.getByRole('button', { name: 'Pagar mi parte' }).click();
    await expect(mb.getByText('Escribe una cantidad válida, por ejemplo 12.50.')).toBeVisible();
    await expect(amount).toHaveAttribute('aria-invalid', 'true');
    // The rest, with a $10.00 tip typed as an amount.
    await amount.fill('89.84');
    const tipChoices = mb.getByRole('group', { name: /Propina/ });
    await tipChoices.getByText('Otra cantidad').click();
    await mb.getByLabel('Importe de la propina').fill('10');
    await expect(mb.getByTestId('bill-my-part')).toHaveText('$89.84');
    await expect(mb.getByTestId('bill-to-pay')).toHaveText('$99.84');
    await expectNoAxeViolations(m, 'bill: another amount with a tip');
    await mb.getByRole('button', { name: 'Pagar mi parte' }).click();
    await expect(mb.getByTestId('bill-my-request')).toContainText('Esperando al personal…');
    await expect(mb.getByTestId('bill-my-request')).toContainText('$89.84 + $10.00 de propina, con tarjeta.');
    await expectBalance([a, l, m], { paid: '$89.50', balance: '$179.50', unassigned: '$0.00' });
    await expect(billOf(a).getByTestId('bill-pending')).toHaveText('$179.50', LIVE);

    // The staff confirm Luis's and Marta's: «Pagado» on theirs, «Pagada» on every phone.
    await confirmRequest(request, label, 'Luis');
    await expect(lb.getByTestId('bill-my-payment')).toContainText('Pagado', LIVE);
    await expectBalance([a, l, m], { paid: '$179.16', balance: '$89.84' });
    await confirmRequest(request, label, 'Marta');
    await expect(mb.getByTestId('bill-my-payment')).toContainText('Pagado', LIVE);
    for (const page of [a, l, m]) {
      await expect(billOf(page).getByTestId('bill-paid')).toContainText('Pagada', LIVE);
      await expect(billOf(page).getByTestId('bill-balance-amount')).toHaveText('$0.00');
      await expect(billOf(page).getByTestId('bill-pay')).toHaveCount(0);
      await expect(billOf(page).getByTestId('bill-who')).toContainText('Ana pagó $89.50');
      await expect(billOf(page).getByTestId('bill-who')).toContainText('Luis pagó $89.66');
      await expect(billOf(page).getByTestId('bill-who')).toContainText('Marta pagó $89.84');
      // The table bar too (the session's snapshot carries it).
      await expect(bar(page).getByTestId('table-paid')).toHaveText('Pagada', LIVE);
    }
    await expectNoAxeViolations(m, 'bill: the table paid');
    await billOf(m).getByTestId('bill-balance').scrollIntoViewIfNeeded();
    await m.screenshot({ path: `${SHOTS}/paid.png` });

    await closeTable(request, label);
    for (const phone of phones) await phone.context.close();
  });

  test("in the page's language: the bill of a diner reading the English menu", async ({
    browser,
    request,
  }, testInfo) => {
    const label = 'Barra 3';
    await closeTable(request, label, false);
    const link = await tableLink(request, label);
    const phone = await newPhone(browser, testInfo);
    const p = phone.page;
    await joinAs(p, link, 'Chloé', label);
    await addProduct(p, 'Café de olla');
    await sendRound(p);

    // The same seat on the English page (the table bar's own words are another feature's).
    await p.goto(`/en/${VENUE}`);
    await islandsReady(p);
    await dismissToasts(p);
    await bar(p)
      .getByRole('button', { name: /^(Cuenta de la mesa|Table bill)$/ })
      .click();
    const bill = p.getByRole('dialog', { name: 'Table bill' });
    // Money as this page's menu writes it (English with the venue's currency: MX$), not the venue's «$30.00».
    await expect(p.locator('#product-cafe-de-olla [data-price]')).toHaveText(/^MX\$/);
    await expect(bill.getByTestId('bill-unassigned')).toHaveText('MX$30.00 still unassigned');
    await expect(bill.getByRole('heading', { name: 'Pay my share' })).toBeVisible();
    await bill.getByText('Custom amount').first().click();
    await bill.getByLabel('How much are you paying?').fill('40');
    await bill.getByRole('button', { name: 'Pay my share' }).click();
    await expect(bill.getByText('That’s more than is left to pay (MX$30.00).')).toBeVisible();
    await expectNoAxeViolations(p, 'bill in English');

    await closeTable(request, label);
    await phone.context.close();
  });

  test(
    'a returning diner offline: the bill opens from the device and says it cannot be read now; back online it shows the bill by itself',
    { tag: '@sw' },
    async ({ page, context, request, allowConsoleError }) => {
      test.setTimeout(ceiling(90_000));
      // Why: offline on purpose, the table's stream and the bill's request fail.
      allowConsoleError(/net::ERR_INTERNET_DISCONNECTED|net::ERR_FAILED/);
      const label = '12';
      await closeTable(request, label, false);
      const link = await tableLink(request, label);
      await takeServiceWorkerControl(page);
      await joinAs(page, link, 'Inés', label);
      await addProduct(page, 'Café de olla');
      await sendRound(page);
      await expect(page.evaluate(() => Boolean(navigator.serviceWorker.controller))).resolves.toBe(true);

      // No network: the dialog's code comes from the device (the worker keeps it), the bill itself cannot.
      await context.setOffline(true);
      await dismissToasts(page);
      await bar(page).getByRole('button', { name: 'Cuenta de la mesa' }).click();
      const bill = billOf(page);
      await expect(bill).toBeVisible();
      await expect(bill.getByRole('alert')).toContainText('Sin conexión');
      await expectNoAxeViolations(page, 'bill offline');
      await page.screenshot({ path: `${SHOTS}/bill-offline.png` });

      // Back online: the table's stream comes back and the open dialog reads the bill by itself.
      await context.setOffline(false);
      await expect(bill.getByTestId('bill-balance-amount')).toHaveText('$30.00');
      await expect(bill.getByTestId('bill-unassigned')).toHaveText('Quedan $30.00 sin asignar');

      await closeTable(request, label);
    },
  );
});
