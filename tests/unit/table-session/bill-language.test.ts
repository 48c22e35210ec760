/** The diner's bill in the page's language (docs/architecture.md#languages): lines named from the menu, money in the page's locale. */
import { describe, expect, it } from 'vitest';
import type { TableBill } from '../../../src/contract/bill.ts';
import { billInPageLanguage } from '../../../src/features/table-session/bill-language.ts';

const bill = {
  locale: 'es-ES',
  lines: [
    {
      id: 'o1:0',
      cartLineId: 'c1',
      name: 'Paella valenciana',
      quantity: 1,
      lineTotal: 3200,
      by: 'Emma',
      taxRate: 1000,
    },
  ],
  rounds: [
    {
      id: 'o1',
      lines: [
        {
          productId: 'paella-valenciana',
          cartLineId: 'c1',
          name: 'Paella valenciana',
          options: [{ id: 'para-2', name: 'Para 2', priceDelta: 0 }],
          quantity: 1,
          unitPrice: 3200,
          lineTotal: 3200,
        },
      ],
    },
  ],
} as unknown as TableBill;

describe('billInPageLanguage', () => {
  it("names lines and options from the page's menu and takes the page's locale", () => {
    const names = new Map([
      ['paella-valenciana', 'Valencian paella'],
      ['paella-valenciana/para-2', 'For 2'],
    ]);
    const shown = billInPageLanguage(bill, names, 'en-ES');
    expect(shown.locale).toBe('en-ES');
    expect(shown.lines[0]!.name).toBe('Valencian paella');
    expect(shown.rounds[0]!.lines[0]!.name).toBe('Valencian paella');
    expect(shown.rounds[0]!.lines[0]!.options[0]!.name).toBe('For 2');
  });

  it("keeps the server's names where the page knows none", () => {
    expect(billInPageLanguage(bill, new Map(), 'es-ES')).toBe(bill);
    expect(billInPageLanguage(bill, new Map([['other', 'Other']]), 'es-ES').lines[0]!.name).toBe('Paella valenciana');
  });
});
