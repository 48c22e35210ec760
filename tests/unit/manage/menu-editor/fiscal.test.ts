/** «Datos fiscales» in the menu editor (src/features/manage/menu-editor/fiscal.ts): rates in percent, the legal data. */
import { describe, expect, it } from 'vitest';
import {
  fromFormLegal,
  rateText,
  readRate,
  taxIdWarning,
  toFormLegal,
} from '../../../../src/features/manage/menu-editor/fiscal.ts';

describe('fiscal data in the editor', () => {
  it('reads a rate in percent as basis points and writes it back', () => {
    expect(readRate('10')).toEqual({ value: 1000 });
    expect(readRate('5,5 %')).toEqual({ value: 550 });
    expect(readRate('')).toEqual({ value: undefined });
    expect(readRate('101')).toHaveProperty('error');
    expect(readRate('diez')).toHaveProperty('error');
    expect(rateText(2100)).toBe('21');
    expect(rateText(550)).toBe('5,5');
    expect(rateText(undefined)).toBe('');
  });

  it('keeps no legal data when every field is empty, normalises the NIF, warns on a wrong check digit', () => {
    expect(fromFormLegal(toFormLegal(undefined))).toBeUndefined();
    expect(fromFormLegal({ name: ' Casa S.L. ', taxId: 'b-46.123.451', address: 'Calle 1', country: 'es' })).toEqual({
      name: 'Casa S.L.',
      taxId: 'B46123451',
      address: 'Calle 1',
      country: 'ES',
    });
    expect(taxIdWarning({ name: '', taxId: 'B46123452', address: '', country: 'ES' })).toMatch(/^Este NIF no pasa/);
    expect(taxIdWarning({ name: '', taxId: 'B46123451', address: '', country: 'ES' })).toBe('');
    expect(taxIdWarning({ name: '', taxId: 'XX', address: '', country: 'MX' })).toBe('');
  });
});
