/** Generator of a large venue (`mercado-grande`, 520 products) for benchmarks and load tests. */
import type { Venue } from '../../src/contract/venue.ts';
import { FOOD_KINDS } from '../features/media/index.ts';
import { category, everyDay, group, product } from './venues/builder.ts';

const CATEGORY_NAMES = [
  'Entrantes',
  'Sopas',
  'Ensaladas',
  'Tacos',
  'Arroces',
  'Pastas',
  'Carnes',
  'Pescados',
  'Mariscos',
  'Verduras',
  'Bocadillos',
  'Hamburguesas',
  'Pizzas',
  'Postres',
  'Helados',
  'Panadería',
  'Cafés',
  'Zumos',
  'Cervezas',
  'Vinos',
];
const ADJECTIVES = [
  'de la casa',
  'de temporada',
  'del mercado',
  'a la brasa',
  'al horno',
  'tradicional',
  'picante',
  'suave',
  'de la abuela',
  'especial',
  'del chef',
  'clásico',
  'gratinado',
];
const COLORS = ['e76f51', 'f4a261', 'e9c46a', '2a9d8f', '264653', 'bc4749', '6a994e', 'd4a373', '8d5524', '9b2226'];

export function generateLargeVenue(id = 'mercado-grande', productsPerCategory = 26): Venue {
  const categories = CATEGORY_NAMES.map((name, ci) =>
    category(
      name,
      Array.from({ length: productsPerCategory }, (_, pi) => {
        const n = ci * productsPerCategory + pi;
        return product({
          id: `p${n}`,
          name: `${name.replace(/s$/, '')} ${ADJECTIVES[n % ADJECTIVES.length]} nº ${pi + 1}`,
          description: `Plato ${pi + 1} de la sección ${name.toLowerCase()}, elaborado con producto fresco del mercado.`,
          price: 300 + ((n * 37) % 2200),
          kind: FOOD_KINDS[n % FOOD_KINDS.length]!,
          color: COLORS[n % COLORS.length]!,
          tags: n % 7 === 0 ? ['vegano', 'vegetariano'] : n % 5 === 0 ? ['popular'] : [],
          allergens: n % 3 === 0 ? ['gluten', 'milk'] : n % 4 === 0 ? ['eggs'] : [],
          available: n % 41 !== 40,
          groups:
            n % 2 === 0
              ? [
                  group('Tamaño', 1, 1, [{ name: 'Normal' }, { name: 'Grande', delta: 150 }]),
                  group('Extras', 0, 3, [
                    { name: 'Queso', delta: 100, allergens: ['milk'] },
                    { name: 'Aguacate', delta: 120 },
                    { name: 'Huevo', delta: 90, allergens: ['eggs'] },
                    { name: 'Picante', delta: 0 },
                  ]),
                ]
              : [],
        });
      }),
    ),
  );
  return {
    id,
    name: 'Mercado Grande',
    tagline: 'Un mercado gastronómico con más de quinientos platos',
    city: 'Madrid',
    cuisine: 'Mercado gastronómico',
    currency: 'EUR',
    locale: 'es-ES',
    timezone: 'Europe/Madrid',
    address: 'Calle de Toledo 1, 28005 Madrid',
    hours: everyDay('00:00', '24:00'),
    orderModes: ['table', 'pickup', 'delivery'],
    tables: Array.from({ length: 60 }, (_, i) => String(i + 1)),
    deliveryFee: 300,
    updatedAt: new Date().toISOString(),
    categories,
  };
}
