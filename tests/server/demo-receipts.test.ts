/**
 * The Spanish demo venue's receipts (docs/rules.md#the-bill), as a Spanish inspector reads them: Bar El Cabanyal in
 * Valencia has its business name, a NIF whose check digit is right, its fiscal address and 10 % IVA; the demo admin
 * confirmed the NIF, so its receipts join the VERI*FACTU chain and carry the QR; a shared dish's line names the
 * dish once and its share once (the share is data: `share`, which the receipt page and the printer write).
 * Runs on SQLite and, in the `server-pg` project, on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentRequest, PaymentResult, Receipt, TableBill, VerifactuIssuer } from '../../src/contract/bill.ts';
import { TableSession } from '../../src/contract/table.ts';
import { isValidSpanishTaxId } from '../../src/contract/tax-id.ts';
import { Venue } from '../../src/contract/venue.ts';
import { newKey, startTestServer, type TestServer } from './helpers.ts';
import { cred, lineId, tableTokens } from './table-kit.ts';

const V = 'bar-el-cabanyal';
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});

/** The bar keeps real split hours: open it round the clock before ordering there, so the test passes at any hour. */
async function openAllDay(): Promise<void> {
  const venue = (await (await s.request(`/api/venues/${V}`)).json()) as Record<string, unknown>;
  const day = [{ open: '00:00', close: '24:00' }];
  const hours = { mon: day, tue: day, wed: day, thu: day, fri: day, sat: day, sun: day };
  const put = await s.request(`/api/venues/${V}`, {
    method: 'PUT',
    token: await s.tokenFor('admin@umenu.test'),
    json: { ...venue, hours },
  });
  expect(put.status, await put.clone().text()).toBe(200);
}
afterAll(async () => {
  await s?.dispose();
});

describe('the Spanish demo venue', () => {
  it('has legal data, 10 % IVA and a confirmed NIF', async () => {
    const venue = Venue.parse(await (await s.request(`/api/venues/${V}`)).json());
    expect(venue.legal).toMatchObject({ country: 'ES' });
    expect(venue.legal!.name).toMatch(/S\.L\.$/);
    expect(venue.legal!.address).toMatch(/46011 València$/);
    expect(isValidSpanishTaxId(venue.legal!.taxId)).toBe(true);
    expect(venue.taxRate).toBe(1000);
    const issuer = VerifactuIssuer.parse(
      await (
        await s.request(`/api/venues/${V}/verifactu/issuer`, { token: await s.tokenFor('gerente@umenu.test') })
      ).json(),
    );
    expect(issuer).toMatchObject({ venueId: V, taxId: venue.legal!.taxId, confirmed: true });
  });

  it('prints a shared paella once with its share, 10 % IVA, the NIF and the QR', async () => {
    await openAllDay();
    const staff = await s.tokenFor('cocina@umenu.test');
    const tokens = await tableTokens(s, staff, V);
    const join = async (name: string) => {
      const res = await s.request(`/api/venues/${V}/tables/4/join`, { json: { token: tokens.get('4'), name } });
      expect(res.status, await res.clone().text()).toBe(201);
      return ((await res.json()) as { credential: string }).credential;
    };
    const ana = await join('Ana');
    const res = await s.request(`/api/table-session/cart/lines/${lineId()}`, {
      method: 'PUT',
      json: { productId: 'paella-valenciana', optionIds: ['personas-para-2'], quantity: 1 },
      headers: cred(ana),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const session = TableSession.parse(await (await s.request('/api/table-session', { headers: cred(ana) })).json());
    const round = await s.request('/api/table-session/rounds', {
      json: { expectedTotal: session.cart.subtotal },
      key: newKey(),
      headers: cred(ana),
    });
    expect(round.status, await round.clone().text()).toBe(201);
    const bill = TableBill.parse(await (await s.request('/api/table-session/bill', { headers: cred(ana) })).json());
    const paella = bill.lines.find((l) => l.name === 'Paella valenciana')!;
    const asked = await s.request('/api/table-session/payment-requests', {
      json: { shares: [{ lineId: paella.id, of: 2 }], tip: 0, method: 'card' },
      headers: cred(ana),
    });
    expect(asked.status, await asked.clone().text()).toBe(201);
    const request = PaymentRequest.parse(await asked.json());
    const paid = await s.request(`/api/venues/${V}/tables/4/payments`, {
      json: { amount: request.amount, tip: 0, method: 'card', requestId: request.id },
      key: newKey(),
      token: staff,
    });
    expect(paid.status, await paid.clone().text()).toBe(201);
    const receipt = Receipt.parse(
      await (await s.request(`/api/receipts/${PaymentResult.parse(await paid.json()).receipt.id}`)).json(),
    );
    expect(receipt.lines).toEqual([
      {
        name: 'Paella valenciana',
        productId: 'paella-valenciana',
        quantity: 1,
        amount: 1400,
        taxRate: 1000,
        share: { index: 1, of: 2 },
      },
    ]);
    expect(receipt.taxes).toEqual([{ rate: 1000, base: 1273, tax: 127 }]);
    expect(receipt.legal?.taxId).toBe('B46123451');
    expect(receipt.number).toMatch(/^FS1-\d{4}-1$/);
    expect(receipt.verifactu?.qr).toContain('nif=B46123451');
  });
});

describe('the Spanish tax id check', () => {
  it('accepts right check digits and letters, refuses wrong ones', () => {
    for (const ok of ['B46123451', 'b-46.123.451', '12345678Z', 'X1234567L', 'Q2826000H', 'A58818501'])
      expect(isValidSpanishTaxId(ok), ok).toBe(true);
    for (const bad of ['B46123452', 'B12345678', '12345678A', 'X1234567A', 'Q2826000I', '', 'ES12345678'])
      expect(isValidSpanishTaxId(bad), bad).toBe(false);
  });
});
