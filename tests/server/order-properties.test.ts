/**
 * Property-based tests of order validation: no input makes the API answer 500, and no
 * bad order is ever accepted. An independent oracle (written from docs/rules.md#cart-checkout-and-orders and
 * #limits-and-bad-input, not from the server's code) says which generated orders are valid and what they cost.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Order, Venue, isValidPhone, type Product } from '../../src/contract/index.ts';
import { cleanText, hasLetterOrDigit } from '../../src/contract/text.ts';
import { newKey, startTestServer, type TestServer } from './helpers.ts';

let s: TestServer;
let token: string;
let venues: Venue[];
const NOW = new Date('2026-11-24T12:00:00Z'); // Tuesday: 13:00 in Valencia, 06:00 in Mexico City — both open

beforeAll(async () => {
  s = await startTestServer({}, { now: () => NOW });
  token = await s.tokenFor('ana@umenu.test');
  venues = await Promise.all(
    ['taqueria-el-guero', 'bar-el-cabanyal'].map(async (id) =>
      Venue.parse(await (await s.request(`/api/venues/${id}`)).json()),
    ),
  );
});
afterAll(() => s.dispose());

const post = (body: string, contentType = 'application/json') =>
  s.request('/api/orders', { method: 'POST', token, key: newKey(), body, headers: { 'content-type': contentType } });

interface Oracle {
  valid: boolean;
  total?: number;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the oracle reads generated bodies of any shape, as the server does
function oracle(input: any): Oracle {
  const venue = venues.find((v) => v.id === input?.venueId);
  const bad = { valid: false };
  if (!venue || typeof input !== 'object') return bad;
  if (!venue.orderModes.includes(input.mode)) return bad;
  // A table is chosen only by its QR link: a table-mode order without the table's token is refused.
  if (input.mode === 'table') return bad;
  if (
    input.table !== undefined &&
    (typeof input.table !== 'string' || input.table.length < 1 || input.table.length > 20)
  )
    return bad;
  const name = typeof input.customer?.name === 'string' ? input.customer.name.trim() : '';
  if (name.length < 1 || name.length > 80 || !isValidPhone(input.customer?.phone ?? '')) return bad;
  // A name needs a letter or a digit ("!" is no name: src/contract/text.ts).
  if (!hasLetterOrDigit(cleanText(name))) return bad;
  const address = input.customer?.address;
  if (address !== undefined && (typeof address !== 'string' || address.trim().length > 200)) return bad;
  if (input.mode === 'delivery' && !(typeof address === 'string' && address.trim().length > 0)) return bad;
  if (input.note !== undefined && (typeof input.note !== 'string' || input.note.length > 500)) return bad;
  if (!Array.isArray(input.lines) || input.lines.length < 1 || input.lines.length > 50) return bad;
  let subtotal = 0;
  for (const line of input.lines) {
    const product: Product | undefined = venue.categories
      .flatMap((c) => c.products)
      .find((p) => p.id === line.productId);
    if (!product || !product.available) return bad;
    // The lines generated here carry no choices: a set menu's required courses are then missing.
    if (product.kind === 'set') return bad;
    if (!Number.isInteger(line.quantity) || line.quantity < 1 || line.quantity > 99) return bad;
    if (line.note !== undefined && line.note.length > 200) return bad;
    if (new Set(line.optionIds).size !== line.optionIds.length) return bad;
    let unit = product.price;
    for (const id of line.optionIds) {
      const option = product.optionGroups.flatMap((g) => g.options).find((o) => o.id === id);
      if (!option || !option.available) return bad;
      unit += option.priceDelta;
    }
    for (const group of product.optionGroups) {
      const n = group.options.filter((o) => line.optionIds.includes(o.id)).length;
      if (n < group.min || n > group.max) return bad;
    }
    subtotal += unit * line.quantity;
  }
  if (venue.minOrder && subtotal < venue.minOrder) return bad;
  const tip = 'percent' in input.tip ? Math.floor((subtotal * input.tip.percent + 50) / 100) : input.tip.amount;
  if ('percent' in input.tip && (input.tip.percent < 0 || input.tip.percent > 100)) return bad;
  const total = subtotal + tip + (input.mode === 'delivery' ? (venue.deliveryFee ?? 0) : 0);
  return { valid: true, total };
}

/** Near-valid orders built from the real menus, with every field sometimes wrong. */
const orderArb = fc.integer({ min: 0, max: 1 }).chain((vi) => {
  const venue = () => venues[vi]!;
  const products = () => venue().categories.flatMap((c) => c.products);
  const lineArb = fc
    .record({
      product: fc.integer({ min: 0, max: 200 }),
      options: fc.array(fc.oneof(fc.integer({ min: 0, max: 30 }), fc.constant(-1)), { maxLength: 6 }),
      quantity: fc.oneof(
        { weight: 20, arbitrary: fc.integer({ min: 1, max: 5 }) },
        fc.integer({ min: -3, max: 120 }),
        fc.constant(2.5),
      ),
      note: fc.option(fc.string({ maxLength: 210 }), { nil: undefined, freq: 2 }),
    })
    .map(({ product, options, quantity, note }) => {
      const list = products();
      const p = list[product % list.length]!;
      const all = p.optionGroups.flatMap((g) => g.options);
      // Mostly choose a legal combination: the first `min` options of each group, then random extras.
      const legal = p.optionGroups.flatMap((g) =>
        g.options
          .filter((o) => o.available)
          .slice(0, g.min)
          .map((o) => o.id),
      );
      const extra = options.map((i) => (i === -1 ? 'no-such-option' : all.length ? all[i % all.length]!.id : 'x'));
      const optionIds = options.length % 2 === 0 ? legal : [...legal, ...extra];
      return {
        productId: product === 200 ? 'ghost' : p.id,
        optionIds,
        quantity,
        ...(note !== undefined ? { note } : {}),
      };
    });
  return fc
    .record({
      mode: fc.constantFrom('pickup', 'delivery', 'pickup', 'table'),
      table: fc.oneof(
        { weight: 6, arbitrary: fc.constantFrom(...venue().tables!) },
        fc.constant('999'),
        fc.constant(undefined),
      ),
      name: fc.oneof({ weight: 10, arbitrary: fc.constant('Ana García') }, fc.string({ maxLength: 90 })),
      phone: fc.oneof({ weight: 10, arbitrary: fc.constant('+34 600 12 34 56') }, fc.string({ maxLength: 25 })),
      address: fc.oneof(
        { weight: 4, arbitrary: fc.constant('Calle Mayor 1, 2º B') },
        fc.string({ maxLength: 210 }),
        fc.constant(undefined),
      ),
      note: fc.option(fc.string({ maxLength: 510 }), { nil: undefined }),
      tip: fc.oneof(
        fc.constantFrom({ percent: 0 }, { percent: 10 }, { percent: 15 }),
        fc.record({ percent: fc.integer({ min: -5, max: 110 }) }),
        fc.record({ amount: fc.integer({ min: -10, max: 5000 }) }),
      ),
      lines: fc.oneof(
        { weight: 6, arbitrary: fc.array(lineArb, { minLength: 1, maxLength: 4 }) },
        fc.array(lineArb, { minLength: 0, maxLength: 60 }),
      ),
      payment: fc.constantFrom('cash', 'card', 'cash', 'card', 'bitcoin'),
      totalShift: fc.oneof({ weight: 4, arbitrary: fc.constant(0) }, fc.integer({ min: -500, max: 500 })),
    })
    .map((r) => {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a body of any shape; expectedTotal is filled in below
      const input: any = {
        venueId: venue().id,
        mode: r.mode,
        ...(r.table !== undefined ? { table: r.table } : {}),
        customer: { name: r.name, phone: r.phone, ...(r.address !== undefined ? { address: r.address } : {}) },
        ...(r.note !== undefined ? { note: r.note } : {}),
        tip: r.tip,
        payment: r.payment,
        lines: r.lines,
        expectedTotal: 0,
      };
      const o = oracle(input);
      input.expectedTotal = Math.max(0, (o.total ?? 1000) + r.totalShift);
      return { input, shift: r.totalShift, payment: r.payment };
    });
});

describe('order validation properties', () => {
  it('never answers 500 to arbitrary JSON, and never accepts it', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), async (value) => {
        const res = await post(JSON.stringify(value));
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
        expect(res.headers.get('content-type')).toContain('application/problem+json');
      }),
      { numRuns: 300 },
    );
  });

  it('never answers 500 to arbitrary bytes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 300 }), async (text) => {
        const res = await post(text);
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
      }),
      { numRuns: 200 },
    );
  });

  it('accepts exactly the valid orders, at the price the oracle computes', async () => {
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(orderArb, async ({ input, shift, payment }) => {
        const res = await post(JSON.stringify(input));
        expect(res.status, JSON.stringify(input).slice(0, 300)).toBeLessThan(500);
        const expected = oracle(input);
        const shouldAccept =
          expected.valid &&
          shift === 0 &&
          payment !== 'bitcoin' &&
          input.expectedTotal >= 0 &&
          (input.tip.amount ?? 0) >= 0;
        if (res.status === 201) {
          accepted++;
          const order = Order.parse(await res.json());
          expect(shouldAccept, `accepted a bad order: ${JSON.stringify(input).slice(0, 400)}`).toBe(true);
          expect(order.total).toBe(expected.total);
          expect(order.total).toBe(order.subtotal + order.tip + order.deliveryFee);
          expect(order.subtotal).toBe(order.lines.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0));
        } else {
          expect(
            shouldAccept,
            `refused a good order (${res.status}): ${JSON.stringify(await res.json()).slice(0, 300)}`,
          ).toBe(false);
          if (
            expected.valid &&
            payment !== 'bitcoin' &&
            shift !== 0 &&
            (input.tip.amount ?? 0) >= 0 &&
            input.expectedTotal !== expected.total
          ) {
            expect(res.status).toBe(409);
          }
        }
      }),
      { numRuns: 500 },
    );
    // Enough valid orders among the near-valid ones for the check to mean something (the count
    // depends on the random seed: 21 was seen once, since names such as «!» are refused).
    expect(accepted).toBeGreaterThan(10);
  });
});
