/** Demo venue: a taquería in Ciudad de México (MXN, es-MX), open 24 hours so the demo can always order. */
import type { Venue } from '../../../src/contract/venue.ts';
import { coverImage, logoImage } from '../../features/media/index.ts';
import { category, everyDay, group, product, setMenu } from './builder.ts';

const tortilla = () =>
  group('Tortilla', 1, 1, [{ name: 'Maíz' }, { name: 'Harina', delta: 500, allergens: ['gluten'] }]);
const salsas = () =>
  group('Salsas', 0, 2, [
    { name: 'Verde' },
    { name: 'Roja' },
    { name: 'Habanero' },
    { name: 'Morita', available: false },
  ]);
const extrasTaco = () =>
  group('Extras', 0, 3, [
    { name: 'Queso gratinado', delta: 1500, allergens: ['milk'] },
    { name: 'Aguacate', delta: 2000 },
    { name: 'Cebollitas asadas', delta: 800 },
    { name: 'Piña', delta: 500 },
  ]);
const orden = () => group('Cantidad', 1, 1, [{ name: 'Orden de 3' }, { name: 'Orden de 5', delta: 5600 }]);
const tamanoAgua = () => group('Tamaño', 1, 1, [{ name: 'Chico (500 ml)' }, { name: 'Grande (1 l)', delta: 1800 }]);

const taco = (
  name: string,
  description: string,
  price: number,
  color: string,
  extra: Partial<Parameters<typeof product>[0]> = {},
) =>
  product({
    name,
    description,
    price,
    kind: 'taco',
    color,
    groups: [orden(), tortilla(), salsas(), extrasTaco()],
    ...extra,
  });

export const taqueriaElGuero: Venue = {
  id: 'taqueria-el-guero',
  name: 'Taquería El Güero',
  tagline: 'Tacos al pastor de trompo desde 1987, abiertos a toda hora',
  city: 'Ciudad de México',
  cuisine: 'Mexicana',
  currency: 'MXN',
  locale: 'es-MX',
  timezone: 'America/Mexico_City',
  logo: logoImage('eg', 'c75500', 'Logo de Taquería El Güero'),
  cover: coverImage('taco', 'c75500', 'Trompo de pastor y tacos recién servidos'),
  address: 'Calle Río Lerma 145, Cuauhtémoc, 06500 Ciudad de México',
  phone: '+52 55 5514 2233',
  hours: everyDay('00:00', '24:00'),
  orderModes: ['table', 'pickup', 'delivery'],
  tables: ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12', 'Barra 1', 'Barra 2', 'Barra 3', 'Terraza'],
  deliveryFee: 3500,
  minOrder: 8000,
  stations: [
    { id: 'cocina', name: 'Cocina' },
    { id: 'barra', name: 'Barra' },
  ],
  updatedAt: '2026-11-01T12:00:00.000Z',
  categories: [
    category(
      'Tacos',
      [
        taco('Tacos al pastor', 'Cerdo adobado en trompo con piña, cebolla y cilantro.', 6900, 'c0392b', {
          tags: ['popular'],
        }),
        taco('Tacos de suadero', 'Suadero confitado en su jugo, dorado en la plancha.', 7200, '8d5524'),
        taco('Tacos de bistec', 'Bistec de res a la plancha con cebolla asada.', 7500, '6d4c41'),
        taco('Tacos campechanos', 'Bistec, longaniza y chicharrón, todo junto.', 7900, 'a1887f', { tags: ['popular'] }),
        taco('Tacos de carnitas', 'Carnitas estilo Michoacán, maciza o surtida.', 7400, 'd4a373'),
        taco('Tacos de lengua', 'Lengua de res cocida lentamente y picada fina.', 8900, 'b5838d'),
        taco('Tacos de tripa', 'Tripa dorada y crujiente, como en la calle.', 7900, 'e9c46a', { available: false }),
        taco('Tacos de hongos al ajillo', 'Champiñones y setas con ajo, epazote y chile guajillo.', 6500, '606c38', {
          tags: ['vegetariano', 'vegano', 'nuevo'],
        }),
        taco('Tacos de nopales', 'Nopal asado con frijoles, queso fresco y pico de gallo.', 5900, '2a9d8f', {
          tags: ['vegetariano'],
          allergens: ['milk'],
        }),
        taco(
          'Tacos de pescado estilo Ensenada',
          'Pescado capeado con col, crema de chipotle y limón.',
          9500,
          'f4a261',
          { allergens: ['fish', 'gluten', 'eggs', 'milk'], tags: ['nuevo'] },
        ),
      ],
      { course: 'principales', description: 'Tortillas hechas a mano en el comal.' },
    ),
    category(
      'Gringas y quesadillas',
      [
        product({
          name: 'Gringa al pastor',
          description: 'Tortilla de harina con queso fundido y pastor.',
          price: 7800,
          kind: 'burrito',
          color: 'e76f51',
          allergens: ['gluten', 'milk'],
          tags: ['popular'],
          groups: [salsas()],
        }),
        product({
          name: 'Quesadilla de flor de calabaza',
          description: 'Tortilla de maíz azul, quesillo de Oaxaca y flor de calabaza.',
          price: 6200,
          kind: 'burrito',
          color: 'f4a261',
          allergens: ['milk'],
          tags: ['vegetariano'],
          groups: [salsas()],
        }),
        product({
          name: 'Quesadilla de huitlacoche',
          description: 'Huitlacoche guisado con epazote y quesillo.',
          price: 6800,
          kind: 'burrito',
          color: '264653',
          allergens: ['milk'],
          tags: ['vegetariano'],
          groups: [salsas()],
        }),
        product({
          name: 'Volcán de chorizo',
          description: 'Tostada con queso gratinado y chorizo de la casa.',
          price: 4500,
          kind: 'taco',
          color: 'bc4749',
          allergens: ['milk'],
          tags: ['picante'],
        }),
      ],
      { course: 'principales' },
    ),
    category(
      'Tortas',
      [
        product({
          name: 'Torta de milanesa',
          description: 'Telera con milanesa de res, frijoles, aguacate, jalapeños y quesillo.',
          price: 11500,
          kind: 'sandwich',
          color: 'd4a373',
          allergens: ['gluten', 'eggs', 'milk'],
          groups: [group('Picante', 1, 1, [{ name: 'Con jalapeños' }, { name: 'Sin picante' }])],
        }),
        product({
          name: 'Torta ahogada',
          description: 'Birote con carnitas bañado en salsa de jitomate y chile de árbol.',
          price: 10500,
          kind: 'sandwich',
          color: 'c0392b',
          allergens: ['gluten'],
          tags: ['picante'],
        }),
        product({
          name: 'Torta cubana',
          description: 'Pierna, milanesa, salchicha, huevo y queso de puerco: la más grande.',
          price: 14500,
          kind: 'sandwich',
          color: 'e9c46a',
          allergens: ['gluten', 'eggs', 'milk', 'mustard'],
        }),
      ],
      { course: 'principales' },
    ),
    category(
      'Antojitos',
      [
        product({
          name: 'Guacamole con totopos',
          description: 'Aguacate machacado al momento con chile serrano y limón.',
          price: 8900,
          kind: 'bowl',
          color: '6a994e',
          tags: ['vegano', 'sin-gluten', 'popular'],
        }),
        product({
          name: 'Esquites',
          description: 'Granos de elote con epazote, mayonesa, queso y chile piquín.',
          price: 4500,
          kind: 'bowl',
          color: 'f6d55c',
          tags: ['vegetariano', 'sin-gluten'],
          allergens: ['eggs', 'milk'],
          groups: [group('Tamaño', 1, 1, [{ name: 'Chico' }, { name: 'Grande', delta: 2000 }])],
        }),
        product({
          name: 'Frijoles charros',
          description: 'Frijol bayo con tocino, chorizo y chile serrano.',
          price: 4900,
          kind: 'soup',
          color: '7f5539',
          tags: ['picante'],
        }),
        product({
          name: 'Sopa de tortilla',
          description: 'Caldo de jitomate y chile pasilla, tiras de tortilla, aguacate y crema.',
          price: 7500,
          kind: 'soup',
          color: 'bc4749',
          allergens: ['milk'],
          tags: ['vegetariano'],
        }),
        product({
          name: 'Pozole rojo',
          description: 'Maíz cacahuazintle con cerdo, rábano, lechuga y tostadas.',
          price: 13500,
          kind: 'soup',
          color: '9b2226',
          tags: ['picante'],
          groups: [group('Tamaño', 1, 1, [{ name: 'Mediano' }, { name: 'Grande', delta: 3000 }])],
        }),
      ],
      { course: 'entrantes' },
    ),
    category(
      'Postres',
      [
        product({
          name: 'Flan napolitano',
          description: 'Flan casero de vainilla con cajeta.',
          price: 4500,
          kind: 'cake',
          color: 'e9c46a',
          allergens: ['eggs', 'milk'],
          tags: ['vegetariano'],
        }),
        product({
          name: 'Churros con chocolate',
          description: 'Cuatro churros recién hechos con chocolate caliente para mojar.',
          price: 5900,
          kind: 'fries',
          color: '8d5524',
          allergens: ['gluten', 'milk'],
          tags: ['vegetariano', 'popular'],
        }),
        product({
          name: 'Arroz con leche',
          description: 'Con canela y pasas.',
          price: 3900,
          kind: 'bowl',
          color: 'f1e3d3',
          allergens: ['milk'],
          tags: ['vegetariano', 'sin-gluten'],
        }),
      ],
      { course: 'postres' },
    ),
    category(
      'Bebidas',
      [
        product({
          name: 'Agua de horchata',
          description: 'Arroz, canela y vainilla.',
          price: 3500,
          kind: 'drink',
          color: 'f1e3d3',
          allergens: ['milk'],
          tags: ['vegetariano'],
          groups: [tamanoAgua()],
        }),
        product({
          name: 'Agua de jamaica',
          description: 'Flor de jamaica, poco dulce.',
          price: 3500,
          kind: 'drink',
          color: '9b2226',
          tags: ['vegano', 'sin-gluten'],
          groups: [tamanoAgua()],
        }),
        product({
          name: 'Agua de tamarindo',
          description: 'Pulpa de tamarindo natural.',
          price: 3500,
          kind: 'drink',
          color: '7f5539',
          tags: ['vegano', 'sin-gluten'],
          groups: [tamanoAgua()],
          available: false,
        }),
        product({
          name: 'Refresco de vidrio',
          description: 'Refresco de 355 ml bien frío.',
          price: 3200,
          kind: 'drink',
          color: '3a5a40',
          groups: [
            group('Sabor', 1, 1, [
              { name: 'Cola' },
              { name: 'Toronja' },
              { name: 'Manzana' },
              { name: 'Tamarindo', available: false },
            ]),
          ],
        }),
        product({
          name: 'Cerveza',
          description: 'Cerveza mexicana de 355 ml.',
          price: 4500,
          kind: 'beer',
          color: 'e9c46a',
          allergens: ['gluten'],
          groups: [
            group('Marca', 1, 1, [{ name: 'Clara' }, { name: 'Oscura' }]),
            group('Preparación', 0, 1, [
              { name: 'Michelada', delta: 1500 },
              { name: 'Cubana', delta: 2000, allergens: ['celery', 'soy'] },
            ]),
          ],
        }),
        product({
          name: 'Café de olla',
          description: 'Con piloncillo y canela.',
          price: 3000,
          kind: 'coffee',
          color: '6f4518',
          tags: ['vegano', 'sin-gluten'],
        }),
      ],
      { station: 'barra', course: 'bebidas' },
    ),
    category(
      'Comida corrida y combos',
      [
        // The comida corrida (docs/rules.md#set-menus-and-availability): sopa, plato fuerte, postre y agua del día.
        setMenu({
          name: 'Comida corrida',
          description: 'Sopa, plato fuerte, postre y agua del día. De lunes a sábado al mediodía.',
          price: 12900,
          kind: 'soup',
          color: 'bc6c25',
          courses: [
            { name: 'Sopa', course: 'entrantes', min: 1, max: 1, choices: ['Sopa de tortilla', 'Frijoles charros'] },
            {
              name: 'Plato fuerte',
              course: 'principales',
              min: 1,
              max: 1,
              choices: [
                'Pozole rojo',
                'Torta ahogada',
                { name: 'Gringa al pastor', supplement: 2000 },
                'Volcán de chorizo',
              ],
            },
            { name: 'Postre', course: 'postres', min: 1, max: 1, choices: ['Flan napolitano', 'Arroz con leche'] },
            {
              name: 'Agua del día',
              course: 'bebidas',
              min: 1,
              max: 1,
              choices: ['Agua de horchata', 'Agua de jamaica', 'Agua de tamarindo'],
            },
          ],
          availability: [{ days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat'], from: '13:00', until: '17:00' }],
        }),
        // A combo: served together, at any hour.
        setMenu({
          name: 'Combo El Güero',
          description: 'Una orden de tacos, un acompañamiento y una bebida.',
          price: 14900,
          kind: 'taco',
          color: 'e76f51',
          courses: [
            {
              name: 'Tacos',
              course: 'principales',
              min: 1,
              max: 1,
              choices: [
                'Tacos al pastor',
                'Tacos de carnitas',
                { name: 'Tacos de bistec', supplement: 1000 },
                'Tacos de hongos al ajillo',
              ],
            },
            {
              name: 'Acompañamiento',
              course: 'principales',
              min: 1,
              max: 1,
              choices: ['Esquites', 'Frijoles charros'],
            },
            {
              name: 'Bebida',
              course: 'bebidas',
              min: 1,
              max: 1,
              choices: ['Refresco de vidrio', 'Agua de horchata', 'Agua de jamaica'],
            },
          ],
        }),
      ],
      { description: 'La comida corrida de lunes a sábado y combos a toda hora.' },
    ),
  ],
};
