import { describe, expect, it } from 'vitest';
import {
  blockedCourses,
  checkSetChoices,
  isSetAvailable,
  SET_MESSAGES,
  setUnitPrice,
  type SetDish,
  type SetProduct,
} from '../../../src/contract/set-menu.ts';
import { lineKey } from '../../../src/contract/cart-line.ts';

const dish = (id: string, name: string, extra: Partial<SetDish> = {}): SetDish => ({
  id,
  name,
  available: true,
  optionGroups: [],
  ...extra,
});
const dishes = new Map<string, SetDish & { price: number }>(
  [
    { ...dish('ensalada', 'Ensalada valenciana'), price: 800 },
    { ...dish('gazpacho', 'Gazpacho'), price: 600 },
    { ...dish('merluza', 'Merluza a la plancha'), price: 1600 },
    {
      ...dish('entrecot', 'Entrecot', {
        optionGroups: [
          {
            id: 'punto',
            name: 'Punto de la carne',
            min: 1,
            max: 1,
            options: [
              { id: 'poco', name: 'Poco hecho', priceDelta: 0, available: true },
              { id: 'foie', name: 'Con foie', priceDelta: 250, available: true },
            ],
          },
        ],
      }),
      price: 2200,
    },
    { ...dish('flan', 'Flan'), price: 450 },
    { ...dish('cafe', 'Café'), price: 150 },
  ].map((d) => [d.id, d]),
);
const lookup = (id: string) => dishes.get(id);
const menu: SetProduct = {
  id: 'menu-del-dia',
  name: 'Menú del día',
  price: 1350,
  available: true,
  kind: 'set',
  courses: [
    {
      id: 'primero',
      name: 'Primer plato',
      min: 1,
      max: 1,
      choices: [{ productId: 'ensalada' }, { productId: 'gazpacho' }],
    },
    {
      id: 'segundo',
      name: 'Segundo plato',
      min: 1,
      max: 1,
      choices: [{ productId: 'merluza' }, { productId: 'entrecot', supplement: 300 }],
    },
    { id: 'postre', name: 'Postre o café', min: 0, max: 1, choices: [{ productId: 'flan' }, { productId: 'cafe' }] },
  ],
  included: ['pan'],
};
const good = [
  { courseId: 'primero', productId: 'gazpacho', optionIds: [] },
  { courseId: 'segundo', productId: 'entrecot', optionIds: ['foie'] },
  { courseId: 'postre', productId: 'flan', optionIds: [] },
];

describe('set menus: pricing', () => {
  it('the set price + supplements + the chosen options, never the chosen dishes own prices', () => {
    expect(setUnitPrice(menu, good, lookup)).toBe(1350 + 300 + 250);
    expect(setUnitPrice(menu, good.slice(0, 1), lookup)).toBe(1350);
  });
});

describe('set menus: validating the choices', () => {
  it('good choices have no problem; an optional course may be skipped', () => {
    expect(checkSetChoices(menu, good, lookup)).toEqual([]);
    expect(checkSetChoices(menu, good.slice(0, 2), lookup)).toEqual([]);
  });

  it('min and max per course', () => {
    expect(checkSetChoices(menu, [good[1]!], lookup).map((p) => p.message)).toEqual([
      SET_MESSAGES.chooseExactly(1, 'Primer plato'),
    ]);
    const two = [...good, { courseId: 'postre', productId: 'cafe', optionIds: [] }];
    expect(checkSetChoices(menu, two, lookup).map((p) => p.message)).toEqual([
      SET_MESSAGES.chooseAtMost(1, 'Postre o café'),
    ]);
    expect(SET_MESSAGES.chooseExactly(1, 'Primer plato')).toBe('Elige un plato en «Primer plato».');
  });

  it('a dish outside its course, or a course the set lacks', () => {
    const wrong = [{ ...good[0]!, productId: 'merluza' }, good[1]!];
    expect(checkSetChoices(menu, wrong, lookup)[0]).toMatchObject({
      index: 0,
      message: '«Merluza a la plancha» no se puede elegir en «Primer plato».',
    });
    const unknown = [...good, { courseId: 'tercero', productId: 'flan', optionIds: [] }];
    expect(checkSetChoices(menu, unknown, lookup)[0]).toMatchObject({
      index: 3,
      message: SET_MESSAGES.courseUnknown('Menú del día'),
    });
  });

  it('a chosen dish keeps its own option groups', () => {
    const noPoint = [good[0]!, { ...good[1]!, optionIds: [] }];
    expect(checkSetChoices(menu, noPoint, lookup).map((p) => p.message)).toEqual([
      SET_MESSAGES.chooseOption('Entrecot', 'Punto de la carne'),
    ]);
  });

  it('a sold-out choice is refused as sold out, and disables only that choice', () => {
    const soldOut = (d: SetDish) => d.id !== 'gazpacho';
    expect(checkSetChoices(menu, good, lookup, soldOut)).toEqual([
      { index: 0, courseId: 'primero', soldOut: true, name: 'Gazpacho', message: '«Gazpacho» está agotado.' },
    ]);
    expect(isSetAvailable(menu, lookup, soldOut)).toBe(true);
  });

  it('a set whose required course has no available choice is unavailable; an optional one does not matter', () => {
    const noFirst = (d: SetDish) => d.id !== 'gazpacho' && d.id !== 'ensalada';
    expect(blockedCourses(menu, lookup, noFirst).map((c) => c.id)).toEqual(['primero']);
    expect(isSetAvailable(menu, lookup, noFirst)).toBe(false);
    const noDessert = (d: SetDish) => d.id !== 'flan' && d.id !== 'cafe';
    expect(isSetAvailable(menu, lookup, noDessert)).toBe(true);
    expect(isSetAvailable({ ...menu, available: false }, lookup)).toBe(false);
  });
});

describe('set menus: line identity', () => {
  it('the same choices in any order are the same line; other choices are another', () => {
    const reversed = [...good].reverse();
    expect(lineKey('menu-del-dia', [], undefined, good)).toBe(lineKey('menu-del-dia', [], undefined, reversed));
    expect(lineKey('menu-del-dia', [], undefined, good)).not.toBe(
      lineKey('menu-del-dia', [], undefined, [{ ...good[0]!, productId: 'ensalada' }, good[1]!]),
    );
    expect(lineKey('p', ['a'], 'x', [])).toBe(lineKey('p', ['a'], 'x'));
  });

  it('marks a set dish on a kitchen ticket', () => {
    expect(SET_MESSAGES.ticketMark('Menú del día', 2)).toBe('Menú del día · 2º');
  });
});
