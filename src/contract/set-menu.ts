/**
 * Set menus (docs/rules.md#set-menus-and-availability): a product with `kind: "set"` is a menú del
 * día, a comida corrida or a combo. Its `price` is the set's; `courses` let the diner choose between
 * `min` and `max` dishes from each course's `choices` (a choice may cost a `supplement`); `included`
 * dishes come with it at no price. A chosen dish keeps its own options (their deltas count) and its
 * note, but never its own price. Pure rules the diner's dialog, the cart and the server share; no
 * zod here (the schemas are in venue.ts, order.ts and manage.ts).
 */
import type { SetCourse } from './venue.ts';

/** What the rules here read of a product that is a set. */
export interface SetProduct {
  id: string;
  name: string;
  price: number;
  available: boolean;
  kind?: 'set';
  courses?: readonly SetCourse[];
  included?: readonly string[];
}

/** What the rules here read of a chosen dish. */
export interface SetDish {
  id: string;
  name: string;
  available: boolean;
  optionGroups: ReadonlyArray<{
    id: string;
    name: string;
    min: number;
    max: number;
    options: ReadonlyArray<{ id: string; name: string; priceDelta: number; available: boolean }>;
  }>;
}

/** A dish looked up by id (the venue's own; a set is never a choice). */
export type DishLookup = (productId: string) => SetDish | undefined;

/** One choice on a cart or order line of a set: which course, which dish, its options and note. */
export interface SetSelection {
  courseId: string;
  productId: string;
  optionIds: readonly string[];
  note?: string;
}

/** Whether a product is a set menu. */
export function isSet(product: { kind?: string }): boolean {
  return product.kind === 'set';
}

/** Most courses a set may have, and most choices a line may carry (the schemas' limits). */
export const SET_LIMITS = { coursesMax: 10, choicesPerCourseMax: 30, includedMax: 10, lineChoicesMax: 30 } as const;

/** The sentences set menus are refused or explained with (problem `detail`, field errors, the dialog). */
export const SET_MESSAGES = {
  notASet: 'Este plato no es un menú: no lleva platos a elegir.',
  choicesMissing: (set: string) => `Elige los platos de «${set}».`,
  courseUnknown: (set: string) => `Ese plato no pertenece a ningún paso de «${set}».`,
  notInCourse: (dish: string, course: string) => `«${dish}» no se puede elegir en «${course}».`,
  chooseExactly: (count: number, course: string) =>
    `Elige ${count === 1 ? 'un plato' : `${count} platos`} en «${course}».`,
  chooseAtLeast: (count: number, course: string) =>
    `Elige al menos ${count === 1 ? 'un plato' : `${count} platos`} en «${course}».`,
  chooseAtMost: (count: number, course: string) =>
    `Elige como máximo ${count === 1 ? 'un plato' : `${count} platos`} en «${course}».`,
  choiceRepeated: (dish: string, course: string) => `«${dish}» está repetido en «${course}».`,
  choiceSoldOut: (dish: string) => `«${dish}» está agotado.`,
  optionUnknown: (dish: string) => `Una de las opciones elegidas de «${dish}» no existe.`,
  optionRepeated: (dish: string) => `Una opción de «${dish}» está repetida.`,
  optionSoldOut: (dish: string, option: string) => `«${option}» de «${dish}» está agotado.`,
  chooseOption: (dish: string, group: string) => `Elige una opción de «${group}» para «${dish}».`,
  /** A set none of whose choices is left in a required course. */
  setSoldOut: (set: string, course: string) => `«${set}» no está disponible: no queda ningún plato en «${course}».`,
  /** A receipt's line of a supplement, and of a chosen dish's option that costs more. */
  supplementLine: (dish: string) => `Suplemento ${dish}`,
  optionLine: (dish: string, option: string) => `${dish}: ${option}`,
  /** The mark of a set's dish on a kitchen ticket: «Menú del día · 2º». */
  ticketMark: (set: string, ordinal: number) => `${set} · ${ordinal}º`,
  // The editor's field errors.
  coursesMissing: 'Añade al menos un paso al menú',
  courseChoicesMissing: 'Añade al menos un plato a elegir',
  minAboveMax: 'El mínimo no puede ser mayor que el máximo',
  maxAboveChoices: 'El máximo no puede superar el número de platos a elegir',
  coursesRepeated: 'Hay pasos repetidos',
  choicesRepeated: 'Hay platos repetidos en este paso',
  dishUnknown: (id: string) => `El plato «${id}» no existe en este local`,
  dishIsSet: (id: string) => `«${id}» es un menú: un menú no puede elegirse dentro de otro`,
  setHasOptions: 'Un menú no lleva grupos de opciones: sus platos llevan las suyas',
  includedRepeated: 'Hay platos incluidos repetidos',
} as const;

/** The course of `set` with this id. */
export function courseOf(set: SetProduct, courseId: string): SetCourse | undefined {
  return set.courses?.find((c) => c.id === courseId);
}

/** Courses that must be chosen from (`min > 0`) and have no available choice left. */
export function blockedCourses(
  set: SetProduct,
  lookup: DishLookup,
  available: (dish: SetDish) => boolean = (dish) => dish.available,
): SetCourse[] {
  return (set.courses ?? []).filter(
    (c) =>
      c.min > 0 &&
      c.choices.filter((ch) => {
        const dish = lookup(ch.productId);
        return dish !== undefined && available(dish);
      }).length < c.min,
  );
}

/** Whether a set can be ordered now as far as its dishes go: itself available, no required course emptied. */
export function isSetAvailable(set: SetProduct, lookup: DishLookup, available?: (dish: SetDish) => boolean): boolean {
  return set.available && blockedCourses(set, lookup, available).length === 0;
}

/** What one choice adds to the set's price: its supplement and its options' deltas (never the dish's own price). */
export function choiceDelta(set: SetProduct, choice: SetSelection, lookup: DishLookup): number {
  const supplement = courseOf(set, choice.courseId)?.choices.find((c) => c.productId === choice.productId)?.supplement;
  const dish = lookup(choice.productId);
  let delta = supplement ?? 0;
  for (const optionId of choice.optionIds) {
    for (const group of dish?.optionGroups ?? []) {
      const option = group.options.find((o) => o.id === optionId);
      if (option) {
        delta += option.priceDelta;
        break;
      }
    }
  }
  return delta;
}

/** The unit price of a set line: the set's price + the supplements + the chosen dishes' options' deltas. */
export function setUnitPrice(set: SetProduct, choices: readonly SetSelection[], lookup: DishLookup): number {
  return Math.max(0, set.price + choices.reduce((sum, c) => sum + choiceDelta(set, c, lookup), 0));
}

/** One thing wrong with a set line's choices: `index` is the choice's (absent: the course's count). */
export interface SetProblem {
  index?: number;
  courseId?: string;
  /** Sold out (choice or option): the line is unavailable rather than malformed. */
  soldOut?: boolean;
  /** What is sold out, as a list names it («Entrecot», «Entrecot: Con foie»). */
  name?: string;
  message: string;
}

function countMessage(min: number, max: number, count: number, name: string): string {
  if (min === max) return SET_MESSAGES.chooseExactly(min, name);
  return count < min ? SET_MESSAGES.chooseAtLeast(min, name) : SET_MESSAGES.chooseAtMost(max, name);
}

/** The problems of one choice's own options (unknown, repeated, sold out, a group's min/max). */
function optionProblems(dish: SetDish, optionIds: readonly string[], index: number, courseId: string): SetProblem[] {
  const problems: SetProblem[] = [];
  const perGroup = new Map<string, number>();
  const seen = new Set<string>();
  for (const optionId of optionIds) {
    if (seen.has(optionId)) {
      problems.push({ index, courseId, message: SET_MESSAGES.optionRepeated(dish.name) });
      continue;
    }
    seen.add(optionId);
    const group = dish.optionGroups.find((g) => g.options.some((o) => o.id === optionId));
    const option = group?.options.find((o) => o.id === optionId);
    if (!group || !option) {
      problems.push({ index, courseId, message: SET_MESSAGES.optionUnknown(dish.name) });
      continue;
    }
    if (!option.available)
      problems.push({
        index,
        courseId,
        soldOut: true,
        name: `${dish.name}: ${option.name}`,
        message: SET_MESSAGES.optionSoldOut(dish.name, option.name),
      });
    perGroup.set(group.id, (perGroup.get(group.id) ?? 0) + 1);
  }
  for (const group of dish.optionGroups) {
    const count = perGroup.get(group.id) ?? 0;
    if (count < group.min || count > group.max)
      problems.push({ index, courseId, message: SET_MESSAGES.chooseOption(dish.name, group.name) });
  }
  return problems;
}

/**
 * Everything wrong with a set line's choices: a course the set lacks, a dish its course does not
 * offer, a course's min/max broken, a dish chosen twice in one course, a sold-out dish or option,
 * a chosen dish's own option groups broken. Empty: the choices are good.
 */
export function checkSetChoices(
  set: SetProduct,
  choices: readonly SetSelection[],
  lookup: DishLookup,
  available: (dish: SetDish) => boolean = (dish) => dish.available,
): SetProblem[] {
  const problems: SetProblem[] = [];
  const perCourse = new Map<string, Set<string>>();
  choices.forEach((choice, index) => {
    const course = courseOf(set, choice.courseId);
    const dish = lookup(choice.productId);
    if (!course) {
      problems.push({ index, message: SET_MESSAGES.courseUnknown(set.name) });
      return;
    }
    if (!dish || !course.choices.some((c) => c.productId === choice.productId)) {
      problems.push({
        index,
        courseId: course.id,
        message: SET_MESSAGES.notInCourse(dish?.name ?? choice.productId, course.name),
      });
      return;
    }
    const chosen = perCourse.get(course.id) ?? new Set<string>();
    if (chosen.has(choice.productId)) {
      problems.push({ index, courseId: course.id, message: SET_MESSAGES.choiceRepeated(dish.name, course.name) });
      return;
    }
    chosen.add(choice.productId);
    perCourse.set(course.id, chosen);
    if (!available(dish))
      problems.push({
        index,
        courseId: course.id,
        soldOut: true,
        name: dish.name,
        message: SET_MESSAGES.choiceSoldOut(dish.name),
      });
    problems.push(...optionProblems(dish, choice.optionIds, index, course.id));
  });
  for (const course of set.courses ?? []) {
    const count = perCourse.get(course.id)?.size ?? 0;
    if (count < course.min || count > course.max)
      problems.push({ courseId: course.id, message: countMessage(course.min, course.max, count, course.name) });
  }
  return problems;
}
