/**
 * The fields the editor's schemas (src/contract/manage.ts) are built of: ids, names, prices, times and
 * translations, each with the Spanish message a manager reads (docs/rules.md#venue-self-service).
 */
import * as z from 'zod/mini';
import { cleanLine, cleanNote } from './text.ts';
import { isUiLanguage, UI_LANGUAGES } from './languages.ts';

export const MANAGE_LIMITS = {
  nameMax: 80,
  descriptionMax: 500,
  taglineMax: 140,
  addressMax: 200,
  priceMax: 100_000_000,
  categoriesMax: 50,
  productsPerCategoryMax: 200,
  optionGroupsMax: 10,
  optionsMax: 30,
  tablesMax: 200,
  tableLabelMax: 20,
  stationsMax: 20,
  mediaMaxBytes: 8 * 1024 * 1024,
} as const;

export const ITEM_ID = /^[a-z0-9][a-z0-9_-]{0,63}$/;
export const itemId = z
  .string()
  .check(z.regex(ITEM_ID, 'Identificador no válido (minúsculas, números y guiones, hasta 64)'));
/** A station's id: like any item's (it is also the kitchen display's `estacion`). */
export const stationId = z
  .string()
  .check(z.regex(ITEM_ID, 'Estación no válida (minúsculas, números y guiones, hasta 64)'));
// A manager's words are cleaned like diners' (src/contract/text.ts): no direction override, control or
// invisible character reaches a menu, a page or a ticket.
export const name = (what: string) =>
  z
    .string()
    .check(
      cleanLine(),
      z.minLength(1, `Escribe ${what}`),
      z.maxLength(MANAGE_LIMITS.nameMax, `Máximo ${MANAGE_LIMITS.nameMax} caracteres`),
    );
export const text = (max: number) => z.string().check(cleanLine(), z.maxLength(max, `Máximo ${max} caracteres`));
/** A description or an address: cleaned, line breaks kept. */
export const longText = (max: number) => z.string().check(cleanNote(), z.maxLength(max, `Máximo ${max} caracteres`));
export const price = z
  .int('El precio debe ser un número entero de céntimos')
  .check(
    z.minimum(0, 'El precio no puede ser negativo'),
    z.maximum(MANAGE_LIMITS.priceMax, 'El precio es demasiado alto'),
  );
export const priceDelta = z
  .int('El suplemento debe ser un número entero de céntimos')
  .check(
    z.minimum(-MANAGE_LIMITS.priceMax, 'El suplemento es demasiado bajo'),
    z.maximum(MANAGE_LIMITS.priceMax, 'El suplemento es demasiado alto'),
  );
export const timeOfDay = z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'Hora no válida (HH:MM)'));
/** A tax rate in basis points: 1000 = 10 % (docs/rules.md#the-bill). */
export const taxRate = z
  .int('El impuesto debe ser un número entero de puntos básicos (1000 = 10 %)')
  .check(z.minimum(0, 'El impuesto no puede ser negativo'), z.maximum(10_000, 'El impuesto no puede superar el 100 %'));
export const unique = <T>(list: T[]) => new Set(list).size === list.length;

// Menu translations (docs/architecture.md#languages): the same limits as the venue's own words.
// A menu's languages are the interface's (src/contract/languages.ts): a diner can only choose those.
export const languageCode = z
  .string()
  .check(z.refine(isUiLanguage, `Idioma no disponible: usa ${UI_LANGUAGES.join(', ')}`));
export const TranslationInput = z.object({
  name: z.optional(text(MANAGE_LIMITS.nameMax)),
  description: z.optional(longText(MANAGE_LIMITS.descriptionMax)),
  tagline: z.optional(text(MANAGE_LIMITS.taglineMax)),
});
export const translations = { translations: z.optional(z.record(languageCode, TranslationInput)) };
