import { describe, expect, it } from 'vitest';
import { dishNames } from '../../../src/features/orders/paths.ts';

const venue = {
  locale: 'es-ES',
  languages: ['es', 'en', 'de'],
  categories: [
    {
      id: 'c',
      name: 'Arroces',
      products: [
        {
          id: 'paella',
          name: 'Paella valenciana',
          price: 1400,
          allergens: [],
          tags: [],
          available: true,
          translations: { en: { name: 'Valencian paella' } },
          optionGroups: [
            {
              id: 'g',
              name: 'Ración',
              min: 1,
              max: 1,
              options: [
                {
                  id: 'big',
                  name: 'Grande',
                  priceDelta: 0,
                  translations: { en: { name: 'Large' }, de: { name: 'Groß' } },
                },
              ],
            },
          ],
        },
      ],
    },
  ],
} as unknown as Parameters<typeof dishNames>[0];

describe('dishNames (the order page names its lines in the page language)', () => {
  it('uses the page language where the venue translated the name', () => {
    expect(dishNames(venue, 'en').get('paella')).toBe('Valencian paella');
    expect(dishNames(venue, 'de').get('paella/big')).toBe('Groß');
  });

  it('falls back through English before the venue language on a page the venue did not translate', () => {
    expect(dishNames(venue, 'de').get('paella')).toBe('Valencian paella');
  });

  it('names nothing on a page in the venue language', () => {
    expect(dishNames(venue, 'es').size).toBe(0);
  });
});
