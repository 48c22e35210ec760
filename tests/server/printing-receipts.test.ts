/**
 * Receipts on the print agent (docs/rules.md#the-bill, server/README.md "Printing"): a payment's receipt is queued in
 * the payment's transaction for the bar's printer (else the venue's first), once — a repeat of the same
 * Idempotency-Key queues nothing — and the agent's jobs endpoint gives it with the receipt, which the agent prints
 * as ESC/POS with its number, total and, in Spain, the AEAT texts. Runs on SQLite and, in `server-pg`, on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentResult } from '../../src/contract/bill.ts';
import { Order } from '../../src/contract/order.ts';
import { CreatedPrintAgent, PrintJobList, type PrintJob } from '../../src/contract/printing.ts';
import { renderJob } from '../../agent/print-ticket.ts';
import { newKey, startTestServer, tacoOrder, type TestServer } from './helpers.ts';

const V = 'taqueria-el-guero';
let s: TestServer;
let staff: string, manager: string, agent: string;

async function jobs(): Promise<PrintJob[]> {
  const res = await s.request(`/api/venues/${V}/print-jobs`, { token: agent });
  expect(res.status, await res.clone().text()).toBe(200);
  return PrintJobList.parse(await res.json()).jobs;
}

async function paidPickup(key = newKey()): Promise<{ order: Order; result: PaymentResult; key: string }> {
  const placed = await s.request('/api/orders', {
    json: tacoOrder({ tip: { amount: 1000 }, expectedTotal: 14800 }),
    key: newKey(),
    token: await s.tokenFor('ana@umenu.test'),
  });
  expect(placed.status, await placed.clone().text()).toBe(201);
  const order = Order.parse(await placed.json());
  const res = await s.request(`/api/venues/${V}/orders/${order.id}/payments`, {
    json: { method: 'card' },
    key,
    token: staff,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return { order, result: PaymentResult.parse(await res.json()), key };
}

beforeAll(async () => {
  s = await startTestServer();
  staff = await s.tokenFor('cocina@umenu.test');
  manager = await s.tokenFor('gerente@umenu.test');
  const created = await s.request(`/api/venues/${V}/print-agents`, { method: 'POST', token: manager });
  agent = CreatedPrintAgent.parse(await created.json()).token;
});
afterAll(() => s?.dispose());

describe('receipts on the print agent', () => {
  it('a venue without printers queues no receipt', async () => {
    await paidPickup();
    expect((await jobs()).filter((j) => j.receipt)).toEqual([]);
  });

  it("a payment queues its receipt once, on the bar's printer, and the agent prints it", async () => {
    const printers = [
      { id: 'cocina-1', name: 'Cocina', station: 'cocina', host: '192.168.1.50' },
      { id: 'barra-1', name: 'Barra', station: 'barra', host: '192.168.1.51', port: 9101 },
    ];
    const set = await s.request(`/api/venues/${V}/printers`, { method: 'PUT', token: manager, json: { printers } });
    expect(set.status, await set.clone().text()).toBe(200);
    // The tickets of the orders go to the kitchen's printer: acknowledge them, only receipts matter here.
    const { result, order, key } = await paidPickup();
    let receipts = (await jobs()).filter((j) => j.receipt);
    expect(receipts.map((j) => [j.id, j.printer.id, j.receipt?.id, j.receipt?.number, j.ticket])).toEqual([
      [`receipt:${result.receipt.id}.barra-1`, 'barra-1', result.receipt.id, result.receipt.number, undefined],
    ]);
    expect(receipts[0]!.receipt).toEqual(result.receipt);

    // The same key again answers the same payment and queues nothing more.
    const again = await s.request(`/api/venues/${V}/orders/${order.id}/payments`, {
      json: { method: 'card' },
      key,
      token: staff,
    });
    expect(again.status).toBe(200);
    receipts = (await jobs()).filter((j) => j.receipt);
    expect(receipts).toHaveLength(1);

    // What the agent writes to the printer: the receipt's words, readable in the ESC/POS bytes (code page 858).
    const text = Buffer.from(
      renderJob(receipts[0]!, { name: 'Taquería El Güero', timezone: 'America/Mexico_City' }),
    ).toString('latin1');
    expect(text).toContain('Factura simplificada');
    expect(text).toContain(result.receipt.number);
    expect(text).toMatch(new RegExp(`Pedido +${result.receipt.orderNumber}`));
    // Amounts as written in Spain, the currency by its code (every printer's font has the letters).
    expect(text).toMatch(/TOTAL +148,00 MXN/);
    expect(text).toContain('Tarjeta');

    // Acknowledged, it is not sent again.
    const ack = await s.request(`/api/venues/${V}/print-jobs/${encodeURIComponent(receipts[0]!.id)}/ack`, {
      method: 'POST',
      token: agent,
    });
    expect(ack.status).toBe(204);
    expect((await jobs()).filter((j) => j.receipt)).toEqual([]);
  });

  it("without a bar printer the receipt goes to the venue's first printer", async () => {
    const set = await s.request(`/api/venues/${V}/printers`, {
      method: 'PUT',
      token: manager,
      json: { printers: [{ id: 'cocina-1', name: 'Cocina', station: 'cocina', host: '192.168.1.50' }] },
    });
    expect(set.status).toBe(200);
    const { result } = await paidPickup();
    expect((await jobs()).filter((j) => j.receipt).map((j) => [j.printer.id, j.receipt?.id])).toEqual([
      ['cocina-1', result.receipt.id],
    ]);
  });
});
