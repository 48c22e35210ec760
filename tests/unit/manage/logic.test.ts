/** The tables a manager types on /panel/mesas, and the words of a refund on /panel/caja (src/features/manage/logic.ts). */
import { describe, expect, it } from 'vitest';
import { newTableLabels, paidWith, refundWay, tablesAddedText } from '../../../src/features/manage/logic.ts';

describe('tables typed on /panel/mesas', () => {
  it('reads one table or a range, keeping the words before the numbers, skipping those that exist', () => {
    expect(newTableLabels('12', [])).toEqual({ labels: ['12'], skipped: 0 });
    expect(newTableLabels('1–3', ['2'])).toEqual({ labels: ['1', '3'], skipped: 1 });
    expect(newTableLabels('Terraza 1-3', [])).toEqual({ labels: ['Terraza 1', 'Terraza 2', 'Terraza 3'], skipped: 0 });
    expect(newTableLabels('1–2', ['1', '2'])).toEqual({ error: 'Esas mesas ya existen.' });
    expect(newTableLabels('5-1', [])).toEqual({ error: 'El intervalo va de menor a mayor: 1–5.' });
    expect(newTableLabels('1-500', [])).toEqual({ error: 'Como mucho 200 mesas en un local.' });
    expect(newTableLabels('  ', [])).toMatchObject({ error: expect.stringMatching(/^Escribe/) });
  });

  it('says what was added', () => {
    expect(tablesAddedText(['12'], 0)).toBe('Mesa 12 añadida.');
    expect(tablesAddedText(['3', '4', '5'], 2)).toBe('3 mesas añadidas (3–5). 2 ya existían.');
  });
});

describe('how a payment was taken and how its refund goes back (docs/rules.md#refunds)', () => {
  it('names the provider as the manager knows it, else the method', () => {
    expect(paidWith({ method: 'cash' })).toBe('Efectivo');
    expect(paidWith({ method: 'card' })).toBe('Tarjeta');
    expect(paidWith({ method: 'card', provider: 'redsys', label: 'Bizum' })).toBe('Bizum');
    expect(paidWith({ method: 'card', provider: 'stripe' })).toBe('Stripe');
    expect(refundWay({ method: 'cash' })).toMatch(/^Entrega el dinero en efectivo/);
    expect(refundWay({ method: 'card' })).toMatch(/^Devuélvelo en el datáfono/);
    expect(refundWay({ method: 'card', provider: 'redsys' })).toBe('Redsys lo devuelve al medio con que se pagó.');
  });
});
