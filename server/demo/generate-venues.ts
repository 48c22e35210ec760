/**
 * `UMENU_SEED_LARGE=N` (N > 1): N generated venues of 40 dishes each, for measuring the site,
 * the search and the API with many restaurants (README "Many venues"). Deterministic: the same N
 * gives the same venues, and the first venues of a larger N are those of a smaller one (one
 * seeded pseudo-random sequence, read in order). Names are Spanish restaurant names in Spanish
 * cities ("Taberna La Encina", Sevilla → `taberna-la-encina-sevilla`).
 */
import type { Venue } from '../../src/contract/venue.ts';
import { coverImage, logoImage, type FoodKind } from '../features/media/index.ts';
import { category, everyDay, group, product, slug } from './venues/builder.ts';

/** mulberry32: a small, fast, seeded generator (same sequence on every machine). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Kinds of place, with the cuisine each serves and the illustration of its cover. */
const KINDS: Array<{ kind: string; cuisine: string; cover: FoodKind }> = [
  { kind: 'Taberna', cuisine: 'Tapas', cover: 'skewer' },
  { kind: 'Mesón', cuisine: 'Cocina castellana', cover: 'plate' },
  { kind: 'Casa', cuisine: 'Cocina casera', cover: 'soup' },
  { kind: 'Bar', cuisine: 'Tapas y raciones', cover: 'beer' },
  { kind: 'Asador', cuisine: 'Carnes a la brasa', cover: 'skewer' },
  { kind: 'Arrocería', cuisine: 'Arroces', cover: 'paella' },
  { kind: 'Marisquería', cuisine: 'Pescados y mariscos', cover: 'fish' },
  { kind: 'Cervecería', cuisine: 'Cervezas y tapas', cover: 'beer' },
  { kind: 'Bodega', cuisine: 'Vinos y tapas', cover: 'wine' },
  { kind: 'Tasca', cuisine: 'Tapas', cover: 'bread' },
  { kind: 'Freiduría', cuisine: 'Pescaíto frito', cover: 'fish' },
  { kind: 'Pizzería', cuisine: 'Italiana', cover: 'bread' },
  { kind: 'Café', cuisine: 'Desayunos y meriendas', cover: 'coffee' },
  { kind: 'Sidrería', cuisine: 'Cocina asturiana', cover: 'plate' },
  { kind: 'Restaurante', cuisine: 'Cocina mediterránea', cover: 'salad' },
  { kind: 'Venta', cuisine: 'Cocina andaluza', cover: 'plate' },
  { kind: 'Chiringuito', cuisine: 'Pescados y arroces', cover: 'paella' },
  { kind: 'Horno', cuisine: 'Panadería y bollería', cover: 'bread' },
  { kind: 'Heladería', cuisine: 'Helados artesanos', cover: 'icecream' },
  { kind: 'Cantina', cuisine: 'Mexicana', cover: 'taco' },
];
const NAMES = [
  'La Encina',
  'El Olivo',
  'Los Arcos',
  'Doña Carmen',
  'Don Pepe',
  'La Plaza',
  'El Puerto',
  'San Telmo',
  'El Rincón',
  'La Alameda',
  'El Faro',
  'Las Tinajas',
  'El Molino',
  'La Parra',
  'La Lonja',
  'El Candil',
  'La Cepa',
  'El Trébol',
  'La Giralda',
  'El Mirador',
  'La Huerta',
  'El Pósito',
  'Los Naranjos',
  'La Fragua',
  'El Azahar',
  'La Bodeguilla',
  'El Almendro',
  'Las Dunas',
  'La Marinera',
  'El Patio',
  'Casa Lola',
  'Tía Rosario',
  'El Quijote',
  'La Muralla',
  'El Acueducto',
  'La Vieja Estación',
  'Los Pinos',
  'La Ribera',
  'El Caracol',
  'La Peña',
];
const CITIES: Array<{ city: string; postcode: string }> = [
  { city: 'Madrid', postcode: '28012' },
  { city: 'Barcelona', postcode: '08001' },
  { city: 'Sevilla', postcode: '41001' },
  { city: 'Valencia', postcode: '46001' },
  { city: 'Málaga', postcode: '29001' },
  { city: 'Bilbao', postcode: '48001' },
  { city: 'Zaragoza', postcode: '50001' },
  { city: 'Granada', postcode: '18001' },
  { city: 'Córdoba', postcode: '14001' },
  { city: 'Salamanca', postcode: '37001' },
  { city: 'Cádiz', postcode: '11001' },
  { city: 'Oviedo', postcode: '33001' },
  { city: 'San Sebastián', postcode: '20001' },
  { city: 'Santiago de Compostela', postcode: '15701' },
  { city: 'Alicante', postcode: '03001' },
  { city: 'Murcia', postcode: '30001' },
  { city: 'Valladolid', postcode: '47001' },
  { city: 'Pamplona', postcode: '31001' },
  { city: 'Palma', postcode: '07001' },
  { city: 'Las Palmas de Gran Canaria', postcode: '35001' },
  { city: 'Santander', postcode: '39001' },
  { city: 'Toledo', postcode: '45001' },
  { city: 'Cáceres', postcode: '10001' },
  { city: 'León', postcode: '24001' },
  { city: 'Logroño', postcode: '26001' },
];
const STREETS = [
  'Calle Mayor',
  'Calle Real',
  'Plaza de España',
  'Calle del Carmen',
  'Avenida de la Constitución',
  'Calle San Juan',
  'Paseo Marítimo',
  'Calle Nueva',
  'Plaza Mayor',
  'Calle de la Iglesia',
];
const TAGLINES = [
  'Cocina de mercado y producto de temporada',
  'Recetas de siempre, hechas cada mañana',
  'Para compartir, con vino de la tierra',
  'Un clásico del barrio desde hace años',
  'Terraza, buen ambiente y cocina honesta',
  'Producto local y cocina a fuego lento',
];
const COLORS = ['00798b', 'bc4749', '6a994e', '8d5524', '264653', '9b2226', '3d5a80', '7b2cbf'];

/** Five sections of eight dishes: 40 per venue. Each pool holds more than eight dishes, so venues differ. */
const SECTIONS: Array<{ name: string; dishes: Array<[string, FoodKind, number]> }> = [
  {
    name: 'Para compartir',
    dishes: [
      ['Croquetas de jamón', 'plate', 850],
      ['Patatas bravas', 'fries', 650],
      ['Pimientos de Padrón', 'salad', 700],
      ['Tortilla de patatas', 'egg', 750],
      ['Calamares a la andaluza', 'fish', 1100],
      ['Jamón ibérico', 'plate', 1800],
      ['Gambas al ajillo', 'fish', 1300],
      ['Boquerones en vinagre', 'fish', 800],
      ['Queso manchego', 'plate', 1000],
      ['Ensaladilla rusa', 'salad', 700],
      ['Pan con tomate', 'bread', 350],
      ['Champiñones al ajillo', 'plate', 750],
    ],
  },
  {
    name: 'Principales',
    dishes: [
      ['Secreto ibérico', 'plate', 1650],
      ['Merluza a la romana', 'fish', 1550],
      ['Rabo de toro', 'plate', 1800],
      ['Entrecot a la brasa', 'skewer', 2200],
      ['Bacalao al pil pil', 'fish', 1900],
      ['Pollo al ajillo', 'plate', 1250],
      ['Albóndigas en salsa', 'plate', 1100],
      ['Lubina a la espalda', 'fish', 1950],
      ['Fabada asturiana', 'soup', 1400],
      ['Cocido madrileño', 'soup', 1600],
      ['Carrilleras al vino tinto', 'plate', 1500],
      ['Pulpo a la gallega', 'fish', 2100],
    ],
  },
  {
    name: 'Arroces',
    dishes: [
      ['Paella valenciana', 'paella', 1500],
      ['Arroz negro', 'paella', 1600],
      ['Arroz a banda', 'paella', 1550],
      ['Arroz con bogavante', 'paella', 2600],
      ['Fideuá', 'paella', 1450],
      ['Arroz del señoret', 'paella', 1700],
      ['Arroz al horno', 'paella', 1350],
      ['Arroz de verduras', 'paella', 1300],
      ['Arroz meloso de setas', 'paella', 1450],
      ['Arroz caldoso de marisco', 'paella', 1900],
    ],
  },
  {
    name: 'Postres',
    dishes: [
      ['Tarta de queso', 'cake', 600],
      ['Flan casero', 'cake', 450],
      ['Arroz con leche', 'cake', 500],
      ['Crema catalana', 'cake', 550],
      ['Torrija', 'bread', 550],
      ['Natillas', 'cake', 450],
      ['Helado de turrón', 'icecream', 500],
      ['Tarta de Santiago', 'cake', 600],
      ['Churros con chocolate', 'bread', 550],
      ['Fruta de temporada', 'salad', 400],
    ],
  },
  {
    name: 'Bebidas',
    dishes: [
      ['Caña de cerveza', 'beer', 250],
      ['Copa de vino tinto', 'wine', 350],
      ['Copa de vino blanco', 'wine', 350],
      ['Vermut de grifo', 'drink', 300],
      ['Tinto de verano', 'drink', 300],
      ['Agua mineral', 'drink', 200],
      ['Zumo de naranja natural', 'juice', 350],
      ['Café con leche', 'coffee', 180],
      ['Sidra natural', 'drink', 400],
      ['Horchata', 'drink', 300],
      ['Refresco', 'drink', 250],
    ],
  },
];

/** `count` distinct items of `pool`, in the order drawn. */
function draw<T>(next: () => number, pool: readonly T[], count: number): T[] {
  const rest = [...pool];
  const out: T[] = [];
  while (out.length < count && rest.length) out.push(rest.splice(Math.floor(next() * rest.length), 1)[0]!);
  return out;
}

const pick = <T>(next: () => number, pool: readonly T[]): T => pool[Math.floor(next() * pool.length)]!;

/** N generated venues (see the header); `updatedAt` is fixed so two seeds store the same documents. */
export function generateVenues(count: number, updatedAt = '2026-01-01T00:00:00.000Z'): Venue[] {
  const next = random(22);
  const venues: Venue[] = [];
  const ids = new Set<string>();
  let tries = 0;
  while (venues.length < count) {
    const kind = pick(next, KINDS);
    const base = pick(next, NAMES);
    const name = base.startsWith(`${kind.kind} `) ? base : `${kind.kind} ${base}`;
    const place = pick(next, CITIES);
    const color = pick(next, COLORS);
    const tagline = pick(next, TAGLINES);
    const street = `${pick(next, STREETS)} ${1 + Math.floor(next() * 90)}`;
    let id = slug(`${name} ${place.city}`);
    // One place of a name per city: a name drawn again in its city is drawn anew (past the
    // 20,000 combinations, after many tries, it gets a number).
    if (ids.has(id) && (tries += 1) < 50) continue;
    for (let n = 2; ids.has(id); n += 1) id = slug(`${name} ${place.city} ${n}`);
    tries = 0;
    ids.add(id);
    const categories = SECTIONS.map((section) =>
      category(
        section.name,
        draw(next, section.dishes, 8).map(([dish, food, base]) =>
          product({
            name: dish,
            description: `${dish} de ${name}, como se hace en ${place.city}.`,
            price: base + 50 * Math.floor(next() * 5),
            kind: food,
            color,
            tags: next() < 0.15 ? ['popular'] : [],
            allergens: food === 'bread' || food === 'cake' ? ['gluten'] : food === 'fish' ? ['fish'] : [],
            ...(section.name === 'Para compartir' && next() < 0.4
              ? { groups: [group('Ración', 1, 1, [{ name: 'Media ración' }, { name: 'Ración', delta: 400 }])] }
              : {}),
          }),
        ),
      ),
    );
    const letters = name
      .split(' ')
      .filter((w) => !/^(la|el|los|las)$/i.test(w))
      .map((w) => [...slug(w)][0] ?? 'x')
      .slice(0, 2)
      .join('');
    venues.push({
      id,
      name,
      tagline,
      city: place.city,
      cuisine: kind.cuisine,
      currency: 'EUR',
      locale: 'es-ES',
      timezone: 'Europe/Madrid',
      logo: logoImage(letters, color, `Logo de ${name}`),
      cover: coverImage(kind.cover, color, `${kind.cuisine} en ${name}`),
      address: `${street}, ${place.postcode} ${place.city}`,
      hours: everyDay('12:00', '23:30'),
      orderModes: ['table', 'pickup'],
      tables: Array.from({ length: 12 }, (_, i) => String(i + 1)),
      updatedAt,
      categories,
    });
  }
  return venues;
}
