import { describe, expect, it } from 'vitest';
import { blankVenue, formatMoneyText, fromForm, NewVenueForm, parseMenuCsv, parseMoneyText, toForm } from '../../../src/features/manage/model.ts';
import { isValidVenueId } from '../../../src/contract/limits.ts';
import { DEMO_VENUES } from '../../../server/db/demo/index.ts';

describe('money typed as text', () => {
  it('becomes integer minor units without floats', () => {
    const cases: Array<[string, number]> = [['12,50', 1250], ['12.5', 1250], ['1.234,50', 123450], ['3.500', 350000], ['$ 8', 800], ['0,1', 10], ['19,99', 1999], ['0,07', 7]];
    for (const [text, minor] of cases) expect(parseMoneyText(text, 2), text).toEqual({ value: minor });
    expect(parseMoneyText('-1', 2)).toEqual({ error: 'El precio no puede ser negativo' });
    expect(parseMoneyText('-1,5', 2, { allowNegative: true })).toEqual({ value: -150 });
    expect(parseMoneyText('1,234', 2)).toEqual({ value: 123400 });
    expect(parseMoneyText('1,2345', 2)).toHaveProperty('error');
    expect(parseMoneyText('doce', 2)).toHaveProperty('error');
    expect(parseMoneyText('', 2)).toEqual({ error: 'Escribe un precio' });
    expect(formatMoneyText(1250, 2)).toBe('12,50');
    expect(formatMoneyText(-5, 2)).toBe('-0,05');
  });
});

describe('form model', () => {
  it('round-trips every demo venue through the form unchanged', () => {
    for (const venue of DEMO_VENUES) {
      const full = { ...venue, updatedAt: '2026-01-01T00:00:00.000Z' };
      const out = fromForm(toForm(full));
      expect(out, venue.id).toHaveProperty('venue');
      const saved = (out as { venue: typeof full }).venue;
      expect(saved.categories.flatMap((c) => c.products.map((p) => p.price))).toEqual(full.categories.flatMap((c) => c.products.map((p) => p.price)));
    }
  });

  it('puts contract errors at the form fields (price text, min > max)', () => {
    const form = toForm({ ...DEMO_VENUES[0]!, updatedAt: 'x' });
    form.categories[0]!.products[0]!.priceText = '-3';
    form.categories[0]!.products[0]!.name = 'x'.repeat(10_000);
    const out = fromForm(form) as { errors: Record<string, string> };
    expect(out.errors['categories.0.products.0.priceText']).toBe('El precio no puede ser negativo');
    expect(out.errors['categories.0.products.0.name']).toBe('Máximo 80 caracteres');
  });
});

describe('CSV import', () => {
  it('previews rows with Spanish errors per row', () => {
    const csv = 'category,name,description,price,allergens,tags\nPostres,Flan,Casero,"4,50",huevo;lácteos,nuevo\nPostres,,Sin nombre,3,,\nBebidas,Agua,,-1,plomo,\n';
    const rows = parseMenuCsv(csv, 2, new Set());
    expect(rows).toHaveLength(3);
    expect(rows[0]!.errors).toEqual([]);
    expect(rows[0]!.product).toMatchObject({ id: 'flan', priceText: '4,50', allergens: ['eggs', 'milk'], tags: ['nuevo'] });
    expect(rows[1]).toMatchObject({ line: 3, errors: ['Falta el nombre'] });
    expect(rows[2]!.errors).toEqual(['Precio «-1»: El precio no puede ser negativo', 'Alérgeno desconocido: «plomo»']);
  });
});

describe('a new venue\'s id', () => {
  it('is accepted exactly when the contract accepts it, with one Spanish reason otherwise', () => {
    const ids = ['ab', 'casa-pepe', '9-bar', 'a'.repeat(63), 'a'.repeat(64), 'a', '', '-casa', 'Casa', 'casa pepe', 'cañada', 'panel', 'api', 'login', 'casa--', 'casa_pepe'];
    for (const id of ids) {
      const parsed = NewVenueForm.safeParse({ name: 'Casa', id });
      expect(parsed.success, id).toBe(isValidVenueId(id));
      if (!parsed.success) expect(parsed.error.issues[0]!.message, id).toMatch(/^[A-ZÁÉÍÓÚ]/);
    }
  });

  it('starts the editor on a blank venue the contract accepts', () => {
    const out = fromForm(toForm(blankVenue('casa-nueva', 'Casa Nueva')));
    expect(out).toHaveProperty('venue');
    expect((out as { venue: { categories: unknown[] } }).venue.categories).toEqual([]);
  });
});
