/**
 * The editor's schemas of set menus and availability windows (docs/rules.md#set-menus-and-availability):
 * `ProductInput` and `CategoryInput` (src/contract/manage.ts) take these fields, and `VenueInput` checks
 * that a set chooses among the venue's own dishes with `checkSetMenus`.
 */
import * as z from 'zod/mini';
import { COURSES, WEEKDAYS } from './venue.ts';
import { AVAILABILITY_MESSAGES } from './availability.ts';
import { SET_LIMITS, SET_MESSAGES } from './set-menu.ts';
import { itemId, name, price, timeOfDay, translations, unique } from './manage-fields.ts';

/** When a dish, a set or a category is served (src/contract/availability.ts). */
export const AvailabilityWindowInput = z
  .object({
    days: z
      .array(z.enum(WEEKDAYS, 'Día desconocido: usa mon, tue, wed, thu, fri, sat o sun'))
      .check(z.minLength(1, AVAILABILITY_MESSAGES.daysMissing), z.refine(unique, AVAILABILITY_MESSAGES.daysRepeated)),
    from: timeOfDay,
    until: timeOfDay,
  })
  .check(z.refine((w) => w.from !== w.until, { message: AVAILABILITY_MESSAGES.sameTimes, path: ['until'] }));
export const availability = {
  availability: z.optional(z.array(AvailabilityWindowInput).check(z.maxLength(7, AVAILABILITY_MESSAGES.windowsMax(7)))),
};

/** One dish a set's course offers, and its supplement (src/contract/set-menu.ts). */
export const SetChoiceInput = z.object({ productId: itemId, supplement: z.optional(price) });
export const SetCourseInput = z
  .object({
    id: itemId,
    name: name('el nombre del paso'),
    course: z.optional(z.enum(COURSES, 'Tiempo desconocido: usa bebidas, entrantes, principales o postres')),
    min: z.int().check(z.minimum(0, 'El mínimo no puede ser negativo')),
    max: z.int().check(z.minimum(1, 'El máximo debe ser al menos 1')),
    choices: z
      .array(SetChoiceInput)
      .check(
        z.minLength(1, SET_MESSAGES.courseChoicesMissing),
        z.maxLength(SET_LIMITS.choicesPerCourseMax, `Máximo ${SET_LIMITS.choicesPerCourseMax} platos`),
      ),
    ...translations,
  })
  .check(
    z.refine((c) => c.min <= c.max, { message: SET_MESSAGES.minAboveMax, path: ['min'] }),
    z.refine((c) => c.max <= c.choices.length, { message: SET_MESSAGES.maxAboveChoices, path: ['max'] }),
    z.refine((c) => unique(c.choices.map((ch) => ch.productId)), {
      message: SET_MESSAGES.choicesRepeated,
      path: ['choices'],
    }),
  );

/** What `checkSetMenus` reads of a venue. */
interface SetMenusOf {
  categories: ReadonlyArray<{
    products: ReadonlyArray<{
      id: string;
      kind?: 'set';
      optionGroups: readonly unknown[];
      courses?: ReadonlyArray<{ choices: ReadonlyArray<{ productId: string }> }>;
      included?: readonly string[];
    }>;
  }>;
}

/** One thing `checkSetMenus` finds wrong: the value, where it is, and the manager's sentence. */
export type SetMenuIssue = (input: unknown, path: PropertyKey[], message: string) => void;

/** A set's choices and included dishes are dishes of the venue, never sets; a set has courses and no option groups. */
export function checkSetMenus(v: SetMenusOf, issue: SetMenuIssue): void {
  const products = new Map(v.categories.flatMap((c) => c.products.map((p) => [p.id, p] as const)));
  const dish = (id: string, path: PropertyKey[]) => {
    const found = products.get(id);
    if (!found) issue(id, path, SET_MESSAGES.dishUnknown(id));
    else if (found.kind === 'set') issue(id, path, SET_MESSAGES.dishIsSet(id));
  };
  v.categories.forEach((c, ci) =>
    c.products.forEach((p, pi) => {
      const at = ['categories', ci, 'products', pi];
      if (p.kind !== 'set') return;
      if (!p.courses?.length) issue(p.courses, [...at, 'courses'], SET_MESSAGES.coursesMissing);
      if (p.optionGroups.length) issue(p.optionGroups, [...at, 'optionGroups'], SET_MESSAGES.setHasOptions);
      p.courses?.forEach((course, k) =>
        course.choices.forEach((ch, j) => dish(ch.productId, [...at, 'courses', k, 'choices', j, 'productId'])),
      );
      p.included?.forEach((id, j) => dish(id, [...at, 'included', j]));
    }),
  );
}

export type SetCourseInput = z.infer<typeof SetCourseInput>;
export type AvailabilityWindowInput = z.infer<typeof AvailabilityWindowInput>;
