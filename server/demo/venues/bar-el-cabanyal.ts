/** Demo venue: a tapas bar in Valencia (EUR, es-ES) with split hours that run past midnight. */
import type { Venue } from '../../../src/contract/venue.ts';
import { coverImage, logoImage } from '../../features/media/index.ts';
import { category, group, product } from './builder.ts';

const racion = () => group('Ración', 1, 1, [{ name: 'Tapa' }, { name: 'Media ración', delta: 250 }, { name: 'Ración', delta: 550 }]);
const personas = () => group('Personas', 1, 1, [{ name: 'Para 2' }, { name: 'Para 3', delta: 1400 }, { name: 'Para 4', delta: 2800 }]);
const pan = () => group('Pan', 0, 1, [{ name: 'Pan de cristal con tomate', delta: 250, allergens: ['gluten'] }, { name: 'Pan sin gluten', delta: 300 }]);
const split = (a: string, b: string, c: string, d: string) => [{ open: a, close: b }, { open: c, close: d }];

export const barElCabanyal: Venue = {
  id: 'bar-el-cabanyal',
  name: 'Bar El Cabanyal',
  tagline: 'Tapas, arroces y vermut a dos calles de la playa de la Malvarrosa',
  city: 'Valencia',
  cuisine: 'Tapas y arroces',
  currency: 'EUR',
  locale: 'es-ES',
  timezone: 'Europe/Madrid',
  logo: logoImage('ec', '00798b', 'Logo de Bar El Cabanyal'),
  cover: coverImage('paella', '00798b', 'Paella valenciana en la mesa de la terraza'),
  address: 'Carrer de la Reina 86, El Cabanyal, 46011 València',
  phone: '+34 963 71 24 58',
  // The receipt's legal data (docs/rules.md#the-bill): a Spanish company's NIF (its check digit right) and 10 % IVA,
  // the rate of food and drink served in Spain; the seed confirms the NIF as an admin would (server/demo/seed.ts).
  legal: { name: 'Cabanyal Tapes i Arrossos S.L.', taxId: 'B46123451', address: 'Carrer de la Reina 86, 46011 València', country: 'ES' },
  taxRate: 1000,
  hours: {
    mon: [],
    tue: split('12:30', '16:00', '20:00', '23:30'),
    wed: split('12:30', '16:00', '20:00', '23:30'),
    thu: split('12:30', '16:00', '20:00', '23:30'),
    fri: split('12:30', '16:30', '20:00', '01:30'),
    sat: split('12:00', '16:30', '20:00', '01:30'),
    sun: [{ open: '12:00', close: '17:00' }],
  },
  orderModes: ['table', 'pickup', 'delivery'],
  tables: ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'Terraza 1', 'Terraza 2', 'Terraza 3', 'Terraza 4', 'Barra'],
  deliveryFee: 295,
  minOrder: 1200,
  stations: [{ id: 'cocina', name: 'Cocina' }, { id: 'barra', name: 'Barra' }],
  updatedAt: '2026-11-01T12:00:00.000Z',
  categories: [
    category('Tapas', [
      product({ name: 'Patatas bravas', description: 'Patata confitada y frita con salsa brava de la casa y alioli.', price: 450, kind: 'fries', color: 'e76f51', allergens: ['eggs'], tags: ['vegetariano', 'sin-gluten', 'picante', 'popular'], groups: [racion(), group('Salsas', 1, 2, [{ name: 'Brava' }, { name: 'Alioli', allergens: ['eggs'] }, { name: 'Ajo y perejil' }])] }),
      product({ name: 'Croquetas de jamón ibérico', description: 'Cremosas, con bechamel de leche fresca. Seis unidades.', price: 850, kind: 'bread', color: 'd4a373', allergens: ['gluten', 'milk', 'eggs'], tags: ['popular'] }),
      product({ name: 'Pimientos de Padrón', description: 'Unos pican y otros no.', price: 650, kind: 'salad', color: '3a9d4a', tags: ['vegano', 'sin-gluten'] }),
      product({ name: 'Tortilla de patatas', description: 'Jugosa, con cebolla pochada.', price: 390, kind: 'egg', color: 'f6d55c', allergens: ['eggs'], tags: ['vegetariano', 'sin-gluten'], groups: [racion(), group('Punto', 1, 1, [{ name: 'Jugosa' }, { name: 'Hecha' }])] }),
      product({ name: 'Calamares a la romana', description: 'Anillas de calamar rebozadas con limón.', price: 1100, kind: 'fries', color: 'f4d58d', allergens: ['molluscs', 'gluten', 'eggs'] }),
      product({ name: 'Gambas al ajillo', description: 'En cazuela de barro con ajo y guindilla.', price: 1250, kind: 'soup', color: 'e63946', allergens: ['crustaceans'], tags: ['sin-gluten', 'picante'], groups: [pan()] }),
      product({ name: 'Boquerones en vinagre', description: 'Marinados en casa con ajo y perejil.', price: 750, kind: 'fish', color: 'a8dadc', allergens: ['fish', 'sulphites'], tags: ['sin-gluten'] }),
      product({ name: 'Ensaladilla rusa', description: 'Con ventresca de atún y picos.', price: 700, kind: 'salad', color: 'f1faee', allergens: ['eggs', 'fish', 'gluten'] }),
      product({ name: 'Pulpo a la gallega', description: 'Con pimentón de la Vera, aceite y cachelos.', price: 1650, kind: 'plate', color: 'b5838d', allergens: ['molluscs'], tags: ['sin-gluten'] }),
      product({ name: 'Jamón ibérico de bellota', description: '80 g cortados a cuchillo.', price: 1800, kind: 'plate', color: '9b2226', tags: ['sin-gluten'], groups: [pan()], id: 'jamon-iberico' }),
      product({ name: 'Queso manchego curado', description: 'Con membrillo y nueces.', price: 950, kind: 'plate', color: 'e9c46a', allergens: ['milk', 'nuts'], tags: ['vegetariano', 'sin-gluten'] }),
      product({ name: 'Clóchinas al vapor', description: 'Mejillón pequeño del puerto de Valencia (de mayo a agosto).', price: 900, kind: 'bowl', color: '264653', allergens: ['molluscs'], tags: ['sin-gluten'], available: false }),
      product({ name: 'Esgarraet', description: 'Pimiento rojo asado, bacalao y ajo.', price: 850, kind: 'salad', color: 'c1121f', allergens: ['fish'], tags: ['sin-gluten', 'nuevo'] }),
    ], { course: 'entrantes', description: 'Para compartir al centro.' }),
    category('Arroces', [
      product({ name: 'Paella valenciana', description: 'Pollo, conejo, garrofó y judía verde, a la leña. Precio para dos; elige cuántos sois.', price: 2800, kind: 'paella', color: 'f4a261', tags: ['sin-gluten', 'popular'], allergens: ['celery'], groups: [personas()] }),
      product({ name: 'Arroz negro', description: 'Con sepia, tinta de calamar y alioli.', price: 3000, kind: 'paella', color: '343a40', allergens: ['molluscs', 'eggs', 'fish'], tags: ['sin-gluten'], groups: [personas()] }),
      product({ name: 'Arroz a banda', description: 'Con fumet de roca, gamba y sepia.', price: 2900, kind: 'paella', color: 'e9c46a', allergens: ['crustaceans', 'molluscs', 'fish', 'eggs'], tags: ['sin-gluten'], groups: [personas()] }),
      product({ name: 'Fideuà', description: 'Fideo fino tostado con marisco y alioli.', price: 2900, kind: 'paella', color: 'f6bd60', allergens: ['gluten', 'crustaceans', 'molluscs', 'fish', 'eggs'], groups: [personas()] }),
      product({ name: 'Arroz de verduras de temporada', description: 'De la huerta de Alboraia.', price: 2500, kind: 'paella', color: '6a994e', tags: ['vegano', 'sin-gluten'], allergens: ['celery'], groups: [personas()] }),
    ], { course: 'principales', description: 'Hechos al momento: unos 25 minutos.' }),
    category('Montaditos', [
      product({ name: 'Montadito de lomo y pimiento', description: 'Lomo a la plancha con pimiento verde frito.', price: 350, kind: 'sandwich', color: 'bc6c25', allergens: ['gluten'] }),
      product({ name: 'Montadito de sobrasada y miel', description: 'Sobrasada de Mallorca con miel de romero.', price: 320, kind: 'sandwich', color: 'c1121f', allergens: ['gluten'] }),
      product({ name: 'Bocadillo de calamares', description: 'Barra crujiente con calamares y alioli.', price: 750, kind: 'sandwich', color: 'f4d58d', allergens: ['gluten', 'molluscs', 'eggs'], groups: [group('Salsa', 0, 1, [{ name: 'Alioli', allergens: ['eggs'] }, { name: 'Mayonesa de limón', allergens: ['eggs'] }, { name: 'Sin salsa' }]), group('Extras', 0, 2, [{ name: 'Pimiento verde frito', delta: 100 }, { name: 'Queso fundido', delta: 120, allergens: ['milk'] }])] }),
      product({ name: 'Esmorzaret de blanco y negro', description: 'Longanizas y morcilla con habas, el almuerzo valenciano.', price: 850, kind: 'sandwich', color: '6d4c41', allergens: ['gluten'] }),
    ], { course: 'entrantes' }),
    category('Ensaladas', [
      product({ name: 'Ensalada valenciana', description: 'Tomate, lechuga, cebolla, olivas, atún y huevo.', price: 950, kind: 'salad', color: '2a9d8f', allergens: ['fish', 'eggs'], tags: ['sin-gluten'] }),
      product({ name: 'Ensalada de tomate de El Perelló', description: 'Con ventresca y cebolla tierna.', price: 1100, kind: 'salad', color: 'e63946', allergens: ['fish'], tags: ['sin-gluten', 'nuevo'] }),
    ], { course: 'entrantes' }),
    category('Postres', [
      product({ name: 'Crema catalana', description: 'Quemada al momento.', price: 550, kind: 'cake', color: 'f6d55c', allergens: ['milk', 'eggs'], tags: ['vegetariano', 'sin-gluten'] }),
      product({ name: 'Tarta de queso al horno', description: 'Cremosa por dentro.', price: 650, kind: 'cake', color: 'fefae0', allergens: ['milk', 'eggs', 'gluten'], tags: ['vegetariano', 'popular'] }),
      product({ name: 'Horchata con fartons', description: 'Horchata de chufa de Alboraia con dos fartons.', price: 500, kind: 'drink', color: 'f1e3d3', allergens: ['gluten', 'eggs', 'milk'], tags: ['vegetariano'], station: 'barra' }),
      product({ name: 'Naranjas con miel y canela', description: 'Naranja valenciana en gajos.', price: 450, kind: 'salad', color: 'f77f00', tags: ['vegetariano', 'sin-gluten'] }),
    ], { course: 'postres' }),
    category('Bebidas', [
      product({ name: 'Caña', description: 'Cerveza de barril, 200 ml.', price: 220, kind: 'beer', color: 'e9c46a', allergens: ['gluten'], tags: ['popular'], groups: [group('Tamaño', 1, 1, [{ name: 'Caña' }, { name: 'Doble', delta: 130 }, { name: 'Jarra de medio litro', delta: 280 }])] }),
      product({ name: 'Cerveza sin alcohol', description: 'Tercio.', price: 300, kind: 'beer', color: 'f6d55c', allergens: ['gluten'] }),
      product({ name: 'Vino de la casa', description: 'Copa de vino D.O. Valencia.', price: 320, kind: 'wine', color: '7b2cbf', allergens: ['sulphites'], tags: ['vegano'], groups: [group('Tipo', 1, 1, [{ name: 'Tinto' }, { name: 'Blanco' }, { name: 'Rosado' }])] }),
      product({ name: 'Agua de Valencia', description: 'Cava, zumo de naranja, vodka y ginebra. Jarra para compartir.', price: 1800, kind: 'juice', color: 'f77f00', allergens: ['sulphites'] }),
      product({ name: 'Tinto de verano', description: 'Vino tinto con gaseosa o limón, con hielo.', price: 350, kind: 'drink', color: '9d0208', allergens: ['sulphites'], tags: ['vegano'], groups: [group('Con', 1, 1, [{ name: 'Gaseosa' }, { name: 'Limón' }])] }),
      product({ name: 'Vermut de grifo', description: 'Con piel de naranja y oliva.', price: 350, kind: 'wine', color: '6a040f', allergens: ['sulphites'] }),
      product({ name: 'Refresco', description: 'Lata de 330 ml.', price: 250, kind: 'drink', color: '003049', groups: [group('Sabor', 1, 1, [{ name: 'Cola' }, { name: 'Cola sin azúcar' }, { name: 'Naranja' }, { name: 'Limón' }, { name: 'Tónica', available: false }])] }),
      product({ name: 'Agua mineral', description: 'Botella de 500 ml.', price: 200, kind: 'drink', color: 'a8dadc', tags: ['vegano', 'sin-gluten'], groups: [group('Tipo', 1, 1, [{ name: 'Natural' }, { name: 'Con gas', delta: 30 }])] }),
    ], { station: 'barra', course: 'bebidas' }),
  ],
};
