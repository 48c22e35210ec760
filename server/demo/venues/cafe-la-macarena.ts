/** Demo venue: a café in Bogotá (COP, es-CO) with real opening hours and a breakfast-only category. */
import type { Venue } from '../../../src/contract/venue.ts';
import { coverImage, logoImage } from '../../features/media/index.ts';
import { category, group, product } from './builder.ts';

const size = () => group('Tamaño', 1, 1, [{ name: 'Pequeño (8 oz)' }, { name: 'Mediano (12 oz)', delta: 150000 }, { name: 'Grande (16 oz)', delta: 280000 }]);
const milk = () => group('Leche', 1, 1, [
  { name: 'Entera', allergens: ['milk'] },
  { name: 'Deslactosada', allergens: ['milk'] },
  { name: 'De almendras', delta: 200000, allergens: ['nuts'] },
  { name: 'De avena', delta: 200000, allergens: ['gluten'], available: false },
]);
const extrasCafe = () => group('Extras', 0, 2, [{ name: 'Carga extra de café', delta: 150000 }, { name: 'Sirope de vainilla', delta: 100000 }, { name: 'Crema batida', delta: 120000, allergens: ['milk'] }]);
const juiceBase = () => group('Preparación', 1, 1, [{ name: 'En agua' }, { name: 'En leche', delta: 100000, allergens: ['milk'] }]);

export const cafeLaMacarena: Venue = {
  id: 'cafe-la-macarena',
  name: 'Café La Macarena',
  tagline: 'Café de origen colombiano, desayunos santafereños y pan recién horneado',
  city: 'Bogotá',
  cuisine: 'Cafetería colombiana',
  currency: 'COP',
  locale: 'es-CO',
  timezone: 'America/Bogota',
  logo: logoImage('lm', '6f4518', 'Logo de Café La Macarena'),
  cover: coverImage('coffee', '6f4518', 'Taza de café colombiano y pandebonos'),
  address: 'Carrera 4A # 26-14, La Macarena, Bogotá',
  phone: '+57 601 342 8890',
  hours: {
    mon: [{ open: '07:00', close: '20:00' }],
    tue: [{ open: '07:00', close: '20:00' }],
    wed: [{ open: '07:00', close: '20:00' }],
    thu: [{ open: '07:00', close: '20:00' }],
    fri: [{ open: '07:00', close: '21:00' }],
    sat: [{ open: '08:00', close: '21:00' }],
    sun: [{ open: '08:00', close: '14:00' }],
  },
  orderModes: ['table', 'pickup'],
  tables: ['1', '2', '3', '4', '5', '6', '7', '8', 'Ventana 1', 'Ventana 2', 'Patio'],
  minOrder: 800000,
  stations: [{ id: 'cocina', name: 'Cocina' }, { id: 'barra', name: 'Barra de café' }],
  holdCourses: false,
  updatedAt: '2026-11-01T12:00:00.000Z',
  categories: [
    category('Desayunos', [
      product({ name: 'Changua', description: 'Caldo de leche con huevo pochado, cilantro y calado.', price: 1450000, kind: 'soup', color: 'f1e3d3', allergens: ['milk', 'eggs', 'gluten'], tags: ['vegetariano'] }),
      product({ name: 'Huevos pericos con arepa', description: 'Huevos revueltos con tomate y cebolla larga, arepa y queso campesino.', price: 1600000, kind: 'egg', color: 'f6d55c', allergens: ['eggs', 'milk'], tags: ['vegetariano', 'sin-gluten', 'popular'], groups: [group('Bebida incluida', 1, 1, [{ name: 'Tinto' }, { name: 'Chocolate', delta: 200000, allergens: ['milk'] }, { name: 'Jugo de naranja', delta: 300000 }])] }),
      product({ name: 'Calentado paisa', description: 'Fríjoles y arroz calentados, huevo frito, chorizo y arepa.', price: 2200000, kind: 'plate', color: '8d5524', allergens: ['eggs'] }),
      product({ name: 'Tamal tolimense', description: 'Tamal en hoja de plátano con cerdo, pollo y arveja.', price: 1900000, kind: 'plate', color: '606c38', tags: ['sin-gluten'], available: false }),
    ], { course: 'principales', availableFrom: '07:00', availableUntil: '12:00', description: 'Hasta las 12:00.' }),
    category('Cafés', [
      product({ name: 'Tinto', description: 'Café negro filtrado de origen Huila.', price: 350000, kind: 'coffee', color: '3e2723', tags: ['vegano', 'sin-gluten', 'popular'], groups: [size()] }),
      product({ name: 'Café con leche', description: 'Mitad café, mitad leche caliente.', price: 550000, kind: 'coffee', color: 'a1887f', groups: [size(), milk()] }),
      product({ name: 'Capuchino', description: 'Espresso doble con leche texturizada y canela.', price: 750000, kind: 'coffee', color: 'bc8a5f', tags: ['popular'], groups: [size(), milk(), extrasCafe()] }),
      product({ name: 'Latte de panela', description: 'Espresso, leche y panela rallada: dulce y tostado.', price: 850000, kind: 'coffee', color: 'd4a373', tags: ['nuevo'], groups: [size(), milk(), extrasCafe()] }),
      product({ name: 'Espresso', description: 'Doble, de tueste medio.', price: 500000, kind: 'coffee', color: '3e2723', tags: ['vegano', 'sin-gluten'] }),
      product({ name: 'Café helado de la casa', description: 'Cold brew de 18 horas sobre hielo, con o sin leche.', price: 900000, kind: 'drink', color: '6f4518', tags: ['vegano'], groups: [group('Leche', 0, 1, [{ name: 'Con leche entera', allergens: ['milk'] }, { name: 'Con leche de almendras', delta: 200000, allergens: ['nuts'] }])] }),
    ], { station: 'barra', course: 'bebidas' }),
    category('Chocolates y aromáticas', [
      product({ name: 'Chocolate santafereño', description: 'Chocolate caliente con queso campesino y almojábana.', price: 1200000, kind: 'coffee', color: '5d4037', allergens: ['milk', 'gluten', 'eggs'], tags: ['vegetariano', 'popular'] }),
      product({ name: 'Aromática de frutas', description: 'Infusión de frutas frescas con hierbabuena.', price: 550000, kind: 'coffee', color: 'e76f51', tags: ['vegano', 'sin-gluten'] }),
      product({ name: 'Agua de panela con limón', description: 'Fría o caliente.', price: 450000, kind: 'drink', color: 'd4a373', tags: ['vegano', 'sin-gluten'], groups: [group('Temperatura', 1, 1, [{ name: 'Caliente' }, { name: 'Fría' }])] }),
    ], { station: 'barra', course: 'bebidas' }),
    category('Panadería', [
      product({ name: 'Pandebono', description: 'Pan de almidón de yuca y queso, recién salido del horno.', price: 350000, kind: 'bread', color: 'e9c46a', allergens: ['milk', 'eggs'], tags: ['vegetariano', 'sin-gluten', 'popular'] }),
      product({ name: 'Almojábana', description: 'Suave, de cuajada y maíz.', price: 380000, kind: 'bread', color: 'f4d58d', allergens: ['milk', 'eggs'], tags: ['vegetariano', 'sin-gluten'] }),
      product({ name: 'Buñuelo', description: 'Bola frita de queso costeño, crujiente por fuera.', price: 300000, kind: 'bread', color: 'd4a373', allergens: ['milk', 'eggs'], tags: ['vegetariano'] }),
      product({ name: 'Arepa de choclo con quesito', description: 'Arepa dulce de maíz tierno con quesito fresco.', price: 900000, kind: 'bread', color: 'f6d55c', allergens: ['milk'], tags: ['vegetariano', 'sin-gluten'] }),
      product({ name: 'Croissant de almendras', description: 'Hojaldre de mantequilla relleno de crema de almendras.', price: 800000, kind: 'bread', color: 'c9a227', allergens: ['gluten', 'milk', 'eggs', 'nuts'], tags: ['vegetariano'] }),
    ], { station: 'barra', course: 'entrantes' }),
    category('Platos', [
      product({ name: 'Ajiaco santafereño', description: 'Sopa de tres papas con pollo y guascas; con crema, alcaparras, aguacate y arroz.', price: 3200000, kind: 'soup', color: 'e9c46a', allergens: ['milk'], tags: ['sin-gluten', 'popular'], groups: [group('Acompañamientos', 0, 3, [{ name: 'Crema de leche', allergens: ['milk'] }, { name: 'Alcaparras' }, { name: 'Aguacate', delta: 300000 }])] }),
      product({ name: 'Sándwich de pollo y champiñones', description: 'Pan artesanal, pollo desmechado, champiñones y queso gratinado.', price: 2100000, kind: 'sandwich', color: 'bc8a5f', allergens: ['gluten', 'milk'], groups: [group('Acompañamiento', 1, 1, [{ name: 'Papas a la francesa' }, { name: 'Ensalada' }])] }),
      product({ name: 'Bowl vegano de quinua', description: 'Quinua, garbanzos, aguacate, mango y vinagreta de maracuyá.', price: 2600000, kind: 'bowl', color: '6a994e', tags: ['vegano', 'sin-gluten', 'nuevo'], allergens: ['sesame'] }),
      product({ name: 'Empanadas de pipián', description: 'Tres empanadas payanesas con ají de maní.', price: 1400000, kind: 'plate', color: 'e76f51', allergens: ['peanuts'], tags: ['picante'] }),
    ], { course: 'principales' }),
    category('Jugos naturales', [
      product({ name: 'Jugo de lulo', description: 'Lulo fresco, ácido y refrescante.', price: 700000, kind: 'juice', color: 'f4a261', tags: ['vegano', 'sin-gluten'], groups: [juiceBase()] }),
      product({ name: 'Jugo de mora', description: 'Mora de Castilla.', price: 700000, kind: 'juice', color: '6d2e46', tags: ['vegano', 'sin-gluten'], groups: [juiceBase()] }),
      product({ name: 'Jugo de maracuyá', description: 'Maracuyá con un toque de hierbabuena.', price: 700000, kind: 'juice', color: 'f6bd60', tags: ['vegano', 'sin-gluten'], groups: [juiceBase()] }),
      product({ name: 'Limonada de coco', description: 'Limón, leche de coco y hielo granizado.', price: 950000, kind: 'juice', color: 'f1faee', tags: ['vegano', 'sin-gluten', 'popular'] }),
    ], { station: 'barra', course: 'bebidas' }),
    category('Postres', [
      product({ name: 'Torta tres leches', description: 'Bizcocho empapado en tres leches con merengue.', price: 1100000, kind: 'cake', color: 'fefae0', allergens: ['gluten', 'milk', 'eggs'], tags: ['vegetariano'] }),
      product({ name: 'Obleas con arequipe', description: 'Dos obleas con arequipe, queso y mora.', price: 800000, kind: 'cake', color: 'd4a373', allergens: ['gluten', 'milk'], tags: ['vegetariano'] }),
      product({ name: 'Postre de natas', description: 'Receta bogotana de la abuela.', price: 950000, kind: 'icecream', color: 'f1e3d3', allergens: ['milk', 'eggs'], tags: ['vegetariano', 'sin-gluten'], available: false }),
    ], { course: 'postres' }),
  ],
};
