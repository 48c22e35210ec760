import { describe, expect, it } from 'vitest';
import { OrderInput } from '../../../src/contract/order.ts';
import {
  blockerText,
  buildOrderInput,
  checkoutModes,
  fieldErrorsFromProblem,
  firstInvalidField,
  initialForm,
  orderBlockers,
  tipChoiceOf,
  validateCheckout,
  type CheckoutForm,
} from '../../../src/features/checkout/validate.ts';

const MX = { currency: 'MXN', locale: 'es-MX' };
const venue = {
  orderModes: ['table', 'pickup', 'delivery'] as ('table' | 'pickup' | 'delivery')[],
  tables: ['1', '2', '12'],
};
const good: CheckoutForm = {
  mode: 'pickup',
  table: '',
  name: 'Ana García',
  phone: '+52 55 1234-5678',
  address: '',
  note: '',
  tip: '10',
  tipCustom: '',
  payment: 'cash',
};

describe('validateCheckout', () => {
  it('accepts a complete pickup order', () => {
    expect(validateCheckout(good, venue, MX)).toEqual({});
  });

  it('marks every bad field with a Spanish message, first one first', () => {
    const errors = validateCheckout(
      {
        ...good,
        mode: 'delivery',
        name: ' ',
        phone: '12-34',
        address: '',
        note: 'x'.repeat(501),
        tip: 'custom',
        tipCustom: '-3',
        payment: '',
      },
      venue,
      MX,
    );
    expect(errors.name).toBe('Escribe tu nombre.');
    expect(errors.phone).toMatch(/^Teléfono no válido/);
    expect(errors.address).toBe('Escribe la dirección de entrega.');
    expect(errors.note).toMatch(/500 caracteres/);
    expect(errors.tip).toMatch(/propina válida/);
    expect(errors.payment).toBe('Elige cómo vas a pagar.');
    expect(firstInvalidField(errors)).toBe('name');
  });

  it('checks name and address lengths and phone digit counts', () => {
    expect(validateCheckout({ ...good, name: 'a'.repeat(81) }, venue, MX).name).toMatch(/80/);
    expect(validateCheckout({ ...good, name: 'a'.repeat(80) }, venue, MX).name).toBeUndefined();
    expect(validateCheckout({ ...good, phone: '123456' }, venue, MX).phone).toBeDefined();
    expect(validateCheckout({ ...good, phone: '1234567' }, venue, MX).phone).toBeUndefined();
    expect(validateCheckout({ ...good, phone: '1'.repeat(21) }, venue, MX).phone).toBeDefined();
    expect(validateCheckout({ ...good, phone: '555 123 abc' }, venue, MX).phone).toBeDefined();
    expect(validateCheckout({ ...good, mode: 'delivery', address: 'c'.repeat(201) }, venue, MX).address).toMatch(/200/);
    expect(validateCheckout({ ...good, mode: 'pickup', address: '' }, venue, MX).address).toBeUndefined();
  });

  it('checks the name, phone and address as the API keeps them: cleaned, a name with a letter or digit', () => {
    for (const name of ['\u200B\u200B', '\u202E\u2066', '🙂']) {
      expect(validateCheckout({ ...good, name }, venue, MX).name, JSON.stringify(name)).toBe(
        'Escribe un nombre con letras o números.',
      );
    }
    expect(validateCheckout({ ...good, name: `\u202EAna${'\u0301'.repeat(90)}` }, venue, MX).name).toBeUndefined();
    expect(validateCheckout({ ...good, phone: '\u202A+52 55 1234-5678\u202C' }, venue, MX).phone).toBeUndefined();
    expect(validateCheckout({ ...good, mode: 'delivery', address: '\u200B\u200B' }, venue, MX).address).toBe(
      'Escribe la dirección de entrega.',
    );
    const input = buildOrderInput(
      'taqueria-el-guero',
      { ...good, name: '\u202EAna\u200B', phone: '\u202A5512345678\u202C', note: 'sin\u200B prisa\r\ngracias\u202E' },
      [],
      { percent: 0 },
      0,
    );
    expect(input.customer).toEqual({ name: 'Ana', phone: '5512345678' });
    expect(input.note).toBe('sin prisa\ngracias');
  });

  it("reads a custom tip in the venue's locale, by the same rule as the menu editor", () => {
    expect(tipChoiceOf({ tip: 'custom', tipCustom: '3.500' }, { currency: 'EUR', locale: 'es-ES' })).toEqual({
      amount: 350_000,
    });
    expect(tipChoiceOf({ tip: 'custom', tipCustom: '3.500' }, MX)).toEqual({ amount: 350 });
    expect(tipChoiceOf({ tip: 'custom', tipCustom: '20,50' }, MX)).toEqual({ amount: 2_050 });
    expect(tipChoiceOf({ tip: 'custom', tipCustom: '-3' }, MX)).toBeNull();
    expect(validateCheckout({ ...good, tip: 'custom', tipCustom: 'mucho' }, venue, MX).tip).toBe(
      'Escribe una propina válida, por ejemplo 20 o 20.50.',
    );
  });

  it('refuses a mode the venue does not offer, and the table mode always (a table is chosen only by its QR link)', () => {
    expect(
      validateCheckout({ ...good, mode: 'delivery', address: 'x' }, { orderModes: ['table'] }, MX).mode,
    ).toBeDefined();
    expect(validateCheckout({ ...good, mode: 'table', table: '12' }, venue, MX).mode).toBeDefined();
    expect(checkoutModes(venue)).toEqual(['pickup', 'delivery']);
  });
});

describe('initialForm', () => {
  it('preselects the only mode a venue offers, never the table', () => {
    expect(initialForm({ orderModes: ['pickup'] }).mode).toBe('pickup');
    expect(initialForm({ orderModes: ['table', 'pickup'] }).mode).toBe('pickup');
    expect(initialForm(venue).mode).toBe('');
  });
});

describe('orderBlockers', () => {
  const lines = [{ productId: 'p', optionIds: [], quantity: 1, unitPrice: 500 }];
  it('says how much is missing below the minimum, for pickup and delivery only', () => {
    const [blocker] = orderBlockers({
      lines,
      subtotal: 500,
      minOrder: 2_000,
      mode: 'pickup',
      openNow: true,
      online: true,
    });
    expect(blocker).toEqual({ kind: 'belowMinimum', missing: 1_500, minOrder: 2_000 });
    expect(blockerText(blocker!, { currency: 'MXN', locale: 'es-MX' })).toBe(
      'El pedido mínimo es $20.00; te faltan $15.00.',
    );
    expect(
      orderBlockers({ lines, subtotal: 500, minOrder: 2_000, mode: 'table', openNow: true, online: true }),
    ).toEqual([]);
  });
  it('blocks when closed, offline, empty or with more than 50 lines', () => {
    const kinds = (b: ReturnType<typeof orderBlockers>) => b.map((x) => x.kind);
    expect(kinds(orderBlockers({ lines, subtotal: 500, openNow: false, online: false }))).toEqual([
      'offline',
      'closed',
    ]);
    expect(kinds(orderBlockers({ lines: [], subtotal: 0, openNow: true, online: true }))).toEqual(['empty']);
    expect(
      kinds(orderBlockers({ lines: Array(51).fill(lines[0]), subtotal: 51 * 500, openNow: true, online: true })),
    ).toEqual(['tooManyLines']);
    expect(orderBlockers({ lines, subtotal: 500, openNow: true, online: true })).toEqual([]);
  });
});

describe('buildOrderInput', () => {
  it('builds a body the strict contract accepts, with no prices but the expected total', () => {
    const input = buildOrderInput(
      'taqueria-el-guero',
      { ...good, mode: 'pickup', table: '12', note: ' sin prisa ' },
      [{ productId: 'p1', optionIds: ['o1'], quantity: 2, note: 'sin cebolla', unitPrice: 4_500 }],
      { percent: 10 },
      9_900,
    );
    expect(OrderInput.safeParse(input).success).toBe(true);
    expect(input).toMatchObject({ note: 'sin prisa', tip: { percent: 10 }, expectedTotal: 9_900 });
    expect(input.table).toBeUndefined();
    expect(JSON.stringify(input.lines)).not.toMatch(/price/i);
    expect(input.customer.address).toBeUndefined();
  });

  it('«Pagar ahora con Bizum» sends `payment: "online"` with its method', () => {
    const line = { productId: 'p1', optionIds: [], quantity: 1, unitPrice: 4_500 };
    const input = buildOrderInput(
      'v',
      { ...good, mode: 'pickup', payment: 'online-bizum' },
      [line],
      { percent: 0 },
      4_500,
    );
    expect(OrderInput.safeParse(input).success).toBe(true);
    expect(input).toMatchObject({ payment: 'online', onlineMethod: 'bizum' });
    expect(validateCheckout({ ...good, mode: 'pickup', payment: 'online-card' }, venue, MX).payment).toBeUndefined();
  });
});

describe('fieldErrorsFromProblem', () => {
  it('maps API field paths onto form fields', () => {
    expect(fieldErrorsFromProblem({ 'customer.phone': ['Teléfono no válido'], 'tip.amount': ['x'] })).toEqual({
      phone: 'Teléfono no válido',
      tip: 'x',
    });
  });
});
