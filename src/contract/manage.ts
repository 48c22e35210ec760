/**
 * Venue self-service (docs/rules.md#venue-self-service): what a manager may send and what the management
 * operations answer. The editor's forms validate with the same schemas as the API,
 * with Spanish messages on the fields a person can fix.
 */
import * as z from 'zod/mini';
import { ALLERGENS, COURSES, ORDER_MODES, TAGS, WEEKDAYS } from './venue.ts';
import { stationsOf } from './kitchen.ts';
import { isValidPhone, VENUE_ID_PATTERN } from './limits.ts';
import { cleanNote } from './text.ts';
import {
  itemId,
  languageCode,
  longText,
  MANAGE_LIMITS,
  name,
  price,
  priceDelta,
  stationId,
  taxRate,
  text,
  timeOfDay,
  translations,
  unique,
} from './manage-fields.ts';
import { availability, checkSetMenus, SetCourseInput } from './set-menu-input.ts';
import { SET_LIMITS, SET_MESSAGES } from './set-menu.ts';
import { AutoPause } from './pause.ts';
import { PickupSettings, prepMinutes } from './pickup.ts';

export { MANAGE_LIMITS } from './manage-fields.ts';

/** The sentences the venues API answers with (problem `detail` and field errors); the client may show them as they are. */
export const VENUE_MESSAGES = {
  notFound: (id: string) => `No encontramos el local «${id}».`,
  notSaved: 'Revisa los campos marcados: no se ha guardado nada.',
  notChanged: 'Revisa los campos marcados: no se ha cambiado nada.',
  badId: 'El identificador del local no es válido o está reservado.',
  badIdField: 'Identificador no válido',
  adminCreates: 'Solo un administrador puede crear locales nuevos.',
  exists: (id: string) => `Ya existe un local con el identificador «${id}».`,
  existsField: 'Ya existe un local con este identificador',
  managersEdit: 'Solo quien gestiona este local puede editar su menú.',
  idMismatch: 'El identificador del cuerpo no coincide con la ruta.',
  idMismatchField: 'No coincide con la ruta',
  notStaff: 'No eres personal de este local.',
  managersPrice: 'Solo quien gestiona el local puede cambiar precios; desde cocina puedes marcar platos como agotados.',
  dishNotFound: 'Ese plato no existe en este local.',
  searchTooLong: 'La búsqueda es demasiado larga (máximo 100 caracteres).',
  searchTooLongField: 'Máximo 100 caracteres',
  pageSize: (max: number) => `El tamaño de página debe ser un número entre 1 y ${max}.`,
  pageSizeField: (max: number) => `Entre 1 y ${max}`,
  offset: 'El desplazamiento debe ser un número entero de 0 en adelante.',
  offsetField: 'Un número entero ≥ 0',
} as const;

/** Spanish messages for the checks zod words itself (wrong types…): pass as the parse's `error`. */
export const spanishErrors = z.locales.es().localeError;

/** The venue's legal details, printed on every receipt (docs/rules.md#the-bill). */
export const LegalInput = z.object({
  name: name('la razón social'),
  taxId: z
    .string()
    .check(
      z.trim(),
      z.regex(/^[A-Za-z0-9-]{5,20}$/, 'Identificador fiscal no válido (5 a 20 letras, números o guiones)'),
      z.toUpperCase(),
    ),
  address: z
    .string()
    .check(
      cleanNote(),
      z.minLength(1, 'Escribe el domicilio fiscal'),
      z.maxLength(MANAGE_LIMITS.addressMax, `Máximo ${MANAGE_LIMITS.addressMax} caracteres`),
    ),
  country: z.string().check(z.regex(/^[A-Z]{2}$/, 'País ISO 3166-1 de dos letras (ES, MX, CO…)')),
});
/** An image address: this API's media path, or http(s) (the server keeps http:// only for its own public address). */
export const IMAGE_SRC = /^(\/api\/media\/|https?:\/\/)[^\s"'<>\\]+$/;
export const IMAGE_SRC_MESSAGE = 'Usa una imagen subida a umenu o una dirección https://';

export const ImageInput = z.object({
  // An image this API stores (`/api/media/…`, or its absolute address) or an https:// one: never
  // `javascript:`, `data:` or anything a browser would run or read as a page address.
  src: z
    .string()
    .check(
      z.minLength(1),
      z.maxLength(500, 'Dirección de imagen demasiado larga'),
      z.regex(IMAGE_SRC, IMAGE_SRC_MESSAGE),
    ),
  width: z.int().check(z.positive()),
  height: z.int().check(z.positive()),
  placeholder: z.optional(z.string().check(z.maxLength(100))),
  alt: z.optional(text(200)),
});

export const OptionInput = z.object({
  id: itemId,
  name: name('el nombre de la opción'),
  priceDelta,
  available: z.boolean(),
  allergens: z.optional(z.array(z.enum(ALLERGENS, 'Alérgeno desconocido'))),
  ...translations,
});

export const OptionGroupInput = z
  .object({
    id: itemId,
    name: name('el nombre del grupo'),
    min: z.int().check(z.minimum(0, 'El mínimo no puede ser negativo')),
    max: z.int().check(z.minimum(1, 'El máximo debe ser al menos 1')),
    options: z
      .array(OptionInput)
      .check(
        z.minLength(1, 'Añade al menos una opción'),
        z.maxLength(MANAGE_LIMITS.optionsMax, `Máximo ${MANAGE_LIMITS.optionsMax} opciones`),
      ),
  })
  .check(
    z.refine((g) => g.min <= g.max, { message: 'El mínimo no puede ser mayor que el máximo', path: ['min'] }),
    z.refine((g) => g.max <= g.options.length, {
      message: 'El máximo no puede superar el número de opciones',
      path: ['max'],
    }),
    z.refine((g) => unique(g.options.map((o) => o.id)), { message: 'Hay opciones repetidas', path: ['options'] }),
  );

export const ProductInput = z.object({
  id: itemId,
  name: name('el nombre del plato'),
  description: longText(MANAGE_LIMITS.descriptionMax),
  price,
  image: z.optional(ImageInput),
  tags: z.array(z.enum(TAGS, 'Etiqueta desconocida')).check(z.refine(unique, 'Etiquetas repetidas')),
  allergens: z.array(z.enum(ALLERGENS, 'Alérgeno desconocido')).check(z.refine(unique, 'Alérgenos repetidos')),
  available: z.boolean(),
  optionGroups: z
    .array(OptionGroupInput)
    .check(z.maxLength(MANAGE_LIMITS.optionGroupsMax, `Máximo ${MANAGE_LIMITS.optionGroupsMax} grupos de opciones`)),
  station: z.optional(stationId),
  taxRate: z.optional(taxRate),
  kind: z.optional(z.literal('set', 'Tipo desconocido: un menú es «set»')),
  courses: z.optional(
    z.array(SetCourseInput).check(
      z.maxLength(SET_LIMITS.coursesMax, `Máximo ${SET_LIMITS.coursesMax} pasos`),
      z.refine((list) => unique(list.map((c) => c.id)), SET_MESSAGES.coursesRepeated),
    ),
  ),
  included: z.optional(
    z
      .array(itemId)
      .check(
        z.maxLength(SET_LIMITS.includedMax, `Máximo ${SET_LIMITS.includedMax} platos incluidos`),
        z.refine(unique, SET_MESSAGES.includedRepeated),
      ),
  ),
  ...availability,
  prepMinutes: z.optional(prepMinutes),
  ...translations,
});

export const CategoryInput = z
  .object({
    id: itemId,
    name: name('el nombre de la categoría'),
    description: z.optional(longText(MANAGE_LIMITS.descriptionMax)),
    availableFrom: z.optional(timeOfDay),
    availableUntil: z.optional(timeOfDay),
    products: z
      .array(ProductInput)
      .check(
        z.maxLength(
          MANAGE_LIMITS.productsPerCategoryMax,
          `Máximo ${MANAGE_LIMITS.productsPerCategoryMax} platos por categoría`,
        ),
      ),
    station: z.optional(stationId),
    course: z.optional(z.enum(COURSES, 'Tiempo desconocido: usa bebidas, entrantes, principales o postres')),
    taxRate: z.optional(taxRate),
    ...availability,
    prepMinutes: z.optional(prepMinutes),
    ...translations,
  })
  .check(
    z.refine((c) => (c.availableFrom === undefined) === (c.availableUntil === undefined), {
      message: 'Indica el inicio y el fin del horario, o ninguno',
      path: ['availableUntil'],
    }),
  );

export const StationInput = z.object({ id: stationId, name: name('el nombre de la estación') });

const IntervalInput = z
  .object({ open: timeOfDay, close: timeOfDay })
  .check(
    z.refine((i) => i.open !== i.close, { message: 'La apertura y el cierre no pueden coincidir', path: ['close'] }),
  );

function validTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('es', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** A whole venue as `PUT /api/venues/{id}` accepts it (`updatedAt` is set by the server). */
export const VenueInput = z
  .object({
    id: z.string().check(z.regex(VENUE_ID_PATTERN, 'Identificador del local no válido')),
    name: name('el nombre del local'),
    tagline: text(MANAGE_LIMITS.taglineMax),
    city: text(MANAGE_LIMITS.nameMax),
    cuisine: text(MANAGE_LIMITS.nameMax),
    currency: z.string().check(z.regex(/^[A-Z]{3}$/, 'Moneda ISO 4217 de tres letras (EUR, MXN, COP…)')),
    locale: z.string().check(z.regex(/^[a-z]{2,3}(-[A-Z]{2})?$/, 'Idioma no válido (p. ej. es-ES)')),
    timezone: z.string().check(z.refine(validTimeZone, 'Zona horaria desconocida (p. ej. Europe/Madrid)')),
    logo: z.optional(ImageInput),
    cover: z.optional(ImageInput),
    address: longText(MANAGE_LIMITS.addressMax),
    phone: z.optional(
      z.string().check(z.refine((p) => p === '' || isValidPhone(p), 'Teléfono no válido (7 a 20 dígitos)')),
    ),
    hours: z.record(z.enum(WEEKDAYS), z.array(IntervalInput).check(z.maxLength(4, 'Máximo 4 tramos por día'))),
    orderModes: z
      .array(z.enum(ORDER_MODES, 'Modo de pedido desconocido'))
      .check(z.minLength(1, 'Elige al menos un modo de pedido'), z.refine(unique, 'Modos repetidos')),
    tables: z.optional(
      z
        .array(
          z
            .string()
            .check(
              z.trim(),
              z.minLength(1, 'La mesa necesita un nombre'),
              z.maxLength(MANAGE_LIMITS.tableLabelMax, `Máximo ${MANAGE_LIMITS.tableLabelMax} caracteres`),
              z.regex(/^[\p{L}\p{N} ._-]+$/u, 'Solo letras, números, espacios, puntos y guiones'),
            ),
        )
        .check(
          z.maxLength(MANAGE_LIMITS.tablesMax, `Máximo ${MANAGE_LIMITS.tablesMax} mesas`),
          z.refine(unique, 'Hay mesas repetidas'),
        ),
    ),
    deliveryFee: z.optional(price),
    minOrder: z.optional(price),
    categories: z
      .array(CategoryInput)
      .check(z.maxLength(MANAGE_LIMITS.categoriesMax, `Máximo ${MANAGE_LIMITS.categoriesMax} categorías`)),
    stations: z.optional(
      z.array(StationInput).check(
        z.minLength(1, 'Añade al menos una estación'),
        z.maxLength(MANAGE_LIMITS.stationsMax, `Máximo ${MANAGE_LIMITS.stationsMax} estaciones`),
        z.refine((list) => unique(list.map((s) => s.id)), 'Hay estaciones repetidas'),
      ),
    ),
    holdCourses: z.optional(z.boolean('Retener los tiempos debe ser sí o no')),
    legal: z.optional(LegalInput),
    taxRate: z.optional(taxRate),
    /** Pause pickup and delivery above this many open tickets at a station (docs/rules.md#pausing-orders); null: off. */
    autoPause: z.optional(z.nullable(AutoPause)),
    pickup: z.optional(PickupSettings),
    languages: z.optional(
      z.array(languageCode).check(z.maxLength(20, 'Máximo 20 idiomas'), z.refine(unique, 'Idiomas repetidos')),
    ),
    ...translations,
    updatedAt: z.optional(z.string()),
  })
  .check(
    z.refine((v) => unique(v.categories.map((c) => c.id)), {
      message: 'Hay categorías repetidas',
      path: ['categories'],
    }),
    z.refine((v) => unique(v.categories.flatMap((c) => c.products.map((p) => p.id))), {
      message: 'Hay platos con el mismo identificador',
      path: ['categories'],
    }),
    // A station named by a category or a dish must be one of the venue's (docs/rules.md#the-kitchen).
    z.superRefine((v, ctx) => {
      const known = new Set(stationsOf(v).map((s) => s.id));
      const missing = (station: string | undefined, path: PropertyKey[]) => {
        if (station !== undefined && !known.has(station))
          ctx.issues.push({
            code: 'custom',
            input: station,
            path,
            message: `La estación «${station}» no existe: añádela en las estaciones del local`,
          });
      };
      v.categories.forEach((c, ci) => {
        missing(c.station, ['categories', ci, 'station']);
        c.products.forEach((p, pi) => missing(p.station, ['categories', ci, 'products', pi, 'station']));
      });
    }),
    // A set's choices and included dishes are the venue's own dishes, never sets (src/contract/set-menu.ts).
    z.superRefine((v, ctx) =>
      checkSetMenus(v, (input, path, message) => ctx.issues.push({ code: 'custom', input, path, message })),
    ),
  );

/** `PATCH /api/venues/{id}/products/{productId}`: staff may send `available` only. */
export const ProductPatch = z
  .strictObject({
    price: z.optional(price),
    available: z.optional(z.boolean('Disponible debe ser sí o no')),
  })
  .check(
    z.refine((p) => p.price !== undefined || p.available !== undefined, {
      message: 'Indica el precio o la disponibilidad',
      path: ['available'],
    }),
  );

/** One recorded change of a dish (from the kitchen's PATCH or the editor's PUT). */
export const ProductChange = z.object({
  at: z.string(),
  by: z.object({ id: z.string(), name: z.string() }),
  field: z.enum(['price', 'available']),
  old: z.union([z.int(), z.boolean()]),
  new: z.union([z.int(), z.boolean()]),
});
export const ProductHistory = z.object({ productId: z.string(), changes: z.array(ProductChange) });

/** `POST /api/venues/{id}/media`: the stored image (widest WebP; `-400`/`-800` siblings exist). */
export const UploadedImage = z.object({
  src: z.string(),
  width: z.int().check(z.positive()),
  height: z.int().check(z.positive()),
  placeholder: z.string(),
  srcset: z.string(),
});

/** `GET /api/venues/{id}/exists`: whether the id is taken (`valid`: the id is a usable venue id). */
export const VenueIdCheck = z.object({ id: z.string(), exists: z.boolean(), valid: z.boolean() });
export type VenueIdCheck = z.infer<typeof VenueIdCheck>;

export const TableLink = z.object({
  label: z.string(),
  url: z.string(),
  /** The table's zone on the floor («Terraza», «Sala»), when the manager named one (docs/rules.md#the-floor). */
  zone: z.optional(z.string()),
});
export const TableList = z.object({ tables: z.array(TableLink) });

export type VenueInput = z.infer<typeof VenueInput>;
export type ProductPatch = z.infer<typeof ProductPatch>;
export type StationInput = z.infer<typeof StationInput>;
export type ProductChange = z.infer<typeof ProductChange>;
export type ProductHistory = z.infer<typeof ProductHistory>;
export type UploadedImage = z.infer<typeof UploadedImage>;
export type TableLink = z.infer<typeof TableLink>;
export type TableList = z.infer<typeof TableList>;
