import { describe, expect, it } from 'vitest';
import type { Order } from '../../../src/contract/order.ts';
import type { Category } from '../../../src/contract/venue.ts';
import { repeatPlan } from '../../../src/features/orders/logic.ts';

const categories: Category[] = [
  {
    id: 'tacos',
    name: 'Tacos',
    products: [
      {
        id: 'pastor',
        name: 'Tacos al pastor',
        description: '',
        price: 3_500,
        tags: [],
        allergens: [],
        available: true,
        optionGroups: [
          {
            id: 'salsa',
            name: 'Salsa',
            min: 0,
            max: 2,
            options: [
              { id: 'verde', name: 'Salsa verde', priceDelta: 0, available: true },
              { id: 'queso', name: 'Extra queso', priceDelta: 1_000, available: true },
              { id: 'habanero', name: 'Habanero', priceDelta: 500, available: false },
            ],
          },
        ],
      },
      {
        id: 'suadero',
        name: 'Suadero',
        description: '',
        price: 3_000,
        tags: [],
        allergens: [],
        available: false,
        optionGroups: [],
      },
    ],
  },
];

const line = (
  productId: string,
  name: string,
  options: { id: string; name: string }[],
  quantity = 1,
  note?: string,
) => ({
  productId,
  name,
  options: options.map((o) => ({ ...o, priceDelta: 1 })),
  quantity,
  unitPrice: 1,
  lineTotal: 1,
  ...(note ? { note } : {}),
});

describe('repeatPlan', () => {
  it('refills what is still offered at current prices and names what is not', () => {
    const order: Pick<Order, 'lines'> = {
      lines: [
        line('pastor', 'Tacos al pastor', [{ id: 'queso', name: 'Extra queso' }], 2, 'sin cebolla'),
        line('pastor', 'Tacos al pastor', [{ id: 'habanero', name: 'Habanero' }]),
        line('suadero', 'Suadero', []),
        line('gone', 'Gringa', []),
      ],
    };
    const plan = repeatPlan(order, { categories });
    expect(plan.lines).toEqual([
      {
        productId: 'pastor',
        name: 'Tacos al pastor',
        optionIds: ['queso'],
        optionNames: ['Extra queso'],
        unitPrice: 4_500,
        quantity: 2,
        note: 'sin cebolla',
      },
    ]);
    expect(plan.missing).toEqual(['Tacos al pastor (Habanero)', 'Suadero', 'Gringa']);
  });
});
