/**
 * The step dialog of a set menu (docs/rules.md#set-menus-and-availability), as pure data: what the diner has picked
 * per course, the choices a cart line carries, and which step is still missing something. Prices
 * and the rules a line must keep are the contract's (src/contract/set-menu.ts); this module only
 * holds the dialog's state and words its steps.
 */
import type { Product, SetCourse as Course } from '../../contract/venue.ts';
import type { SetSelection as PickedChoice } from '../../contract/set-menu.ts';
import { missingGroups, optionNamesOf, type Selection } from './options.ts';

export type { Course, PickedChoice };

/** What the diner has picked: per course, the dishes in the order they were picked, each dish's options and note. */
export interface SetPicks {
  dishes: Record<string, string[]>;
  /** `{courseId}/{productId}` → that dish's option choices (as the product dialog keeps them). */
  options: Record<string, Selection>;
  /** `{courseId}/{productId}` → that dish's note for the kitchen («sin sal»), as typed. */
  notes: Record<string, string>;
}

export const emptyPicks = (): SetPicks => ({ dishes: {}, options: {}, notes: {} });

const optionKey = (courseId: string, productId: string) => `${courseId}/${productId}`;

/** Picks again from a line's choices (editing a line reopens the dialog with them kept). */
export function picksOf(
  set: Product,
  choices: readonly PickedChoice[],
  dish: (id: string) => Product | undefined,
): SetPicks {
  const picks = emptyPicks();
  for (const choice of choices) {
    (picks.dishes[choice.courseId] ??= []).push(choice.productId);
    const product = dish(choice.productId);
    if (!product) continue;
    const selection: Selection = {};
    for (const group of product.optionGroups) {
      const chosen = group.options.filter((o) => choice.optionIds.includes(o.id)).map((o) => o.id);
      if (chosen.length) selection[group.id] = chosen;
    }
    picks.options[optionKey(choice.courseId, choice.productId)] = selection;
    if (choice.note) picks.notes[optionKey(choice.courseId, choice.productId)] = choice.note;
  }
  // Only courses the set still has.
  const courses = new Set((set.courses ?? []).map((c) => c.id));
  for (const id of Object.keys(picks.dishes)) if (!courses.has(id)) delete picks.dishes[id];
  return picks;
}

/** Picks or unpicks a dish of a course: one replaces the other when the course takes one, else up to `max`. */
export function toggleDish(picks: SetPicks, course: Course, productId: string, on: boolean): SetPicks {
  const current = picks.dishes[course.id] ?? [];
  const next = on
    ? course.max === 1
      ? [productId]
      : current.includes(productId) || current.length >= course.max
        ? current
        : [...current, productId]
    : current.filter((id) => id !== productId);
  return { ...picks, dishes: { ...picks.dishes, [course.id]: next } };
}

export function setDishOptions(picks: SetPicks, courseId: string, productId: string, selection: Selection): SetPicks {
  return { ...picks, options: { ...picks.options, [optionKey(courseId, productId)]: selection } };
}

export function setDishNote(picks: SetPicks, courseId: string, productId: string, note: string): SetPicks {
  return { ...picks, notes: { ...picks.notes, [optionKey(courseId, productId)]: note } };
}

export function dishNote(picks: SetPicks, courseId: string, productId: string): string {
  return picks.notes[optionKey(courseId, productId)] ?? '';
}

export function dishOptions(picks: SetPicks, courseId: string, productId: string): Selection {
  return picks.options[optionKey(courseId, productId)] ?? {};
}

/** The choices a cart line carries, in the set's course order. */
export function choicesOf(set: Product, picks: SetPicks, dish: (id: string) => Product | undefined): PickedChoice[] {
  const out: PickedChoice[] = [];
  for (const course of set.courses ?? []) {
    for (const productId of picks.dishes[course.id] ?? []) {
      const product = dish(productId);
      const selection = dishOptions(picks, course.id, productId);
      const optionIds = product ? product.optionGroups.flatMap((g) => selection[g.id] ?? []) : [];
      const note = dishNote(picks, course.id, productId).trim();
      out.push({ courseId: course.id, productId, optionIds, ...(note ? { note } : {}) });
    }
  }
  return out;
}

export type StepProblem =
  { kind: 'course'; course: Course } | { kind: 'options'; course: Course; dish: Product; groups: string[] };

/** What a course's step still lacks: too few or too many dishes, or a picked dish's options. */
export function stepProblem(
  course: Course,
  picks: SetPicks,
  dish: (id: string) => Product | undefined,
): StepProblem | null {
  const chosen = (picks.dishes[course.id] ?? []).filter((id) => dish(id)?.available !== false);
  if (chosen.length < course.min || chosen.length > course.max) return { kind: 'course', course };
  for (const id of chosen) {
    const product = dish(id);
    if (!product) continue;
    const missing = missingGroups(product, dishOptions(picks, course.id, id));
    if (missing.length) return { kind: 'options', course, dish: product, groups: missing.map((g) => g.name) };
  }
  return null;
}

/** The chosen dishes of a line as the cart lists them: «Entrecot (Al punto)». */
export function choiceNames(choices: readonly PickedChoice[], dish: (id: string) => Product | undefined): string[] {
  return choices.map((choice) => {
    const product = dish(choice.productId);
    if (!product) return choice.productId;
    const options = optionNamesOf(product, choice.optionIds);
    const name = options.length ? `${product.name} (${options.join(', ')})` : product.name;
    return choice.note ? `${name} · «${choice.note}»` : name;
  });
}
