/**
 * Pickup and delivery times (docs/rules.md#pickup-times): the venue's slots, how many orders each
 * slot takes, how far ahead a diner may choose, each dish's preparation time, and what an order
 * says about when it will be ready. Shared by the API, the checkout, the order page and the editor.
 */
import * as z from 'zod/mini';

/** What a venue without `pickup` settings has. */
export const PICKUP_DEFAULTS = { slotMinutes: 15, ordersPerSlot: 8, leadMinutes: 15, daysAhead: 0 } as const;
/** A dish's preparation time when neither it nor its category names one. */
export const DEFAULT_PREP_MINUTES = 10;
/** The choices of slot length a manager has (a slot starts on a multiple of it from midnight). */
export const SLOT_LENGTHS = [5, 10, 15, 20, 30, 60] as const;
export const PICKUP_LIMITS = {
  ordersPerSlotMax: 500,
  leadMinutesMax: 24 * 60,
  daysAheadMax: 7,
  prepMinutesMax: 240,
  readyByMinutesMax: 240,
  /** How many free slots a full slot's 409 proposes. */
  nextFreeSlots: 3,
} as const;

const whole = (what: string, min: number, max: number) =>
  z
    .int(`${what}: un número entero`)
    .check(z.minimum(min, `${what}: mínimo ${min}`), z.maximum(max, `${what}: máximo ${max}`));

/** A dish's or a category's preparation time in minutes. */
export const prepMinutes = whole('Preparación en minutos', 1, PICKUP_LIMITS.prepMinutesMax);

/** The venue's `pickup` settings, as `PUT /api/venues/{id}` accepts them (every field has its default). */
export const PickupSettings = z.object({
  slotMinutes: z.optional(
    z
      .int()
      .check(
        z.refine(
          (n) => (SLOT_LENGTHS as readonly number[]).includes(n),
          `Franjas de ${SLOT_LENGTHS.join(', ')} minutos`,
        ),
      ),
  ),
  ordersPerSlot: z.optional(whole('Pedidos por franja', 1, PICKUP_LIMITS.ordersPerSlotMax)),
  leadMinutes: z.optional(whole('Antelación mínima', 0, PICKUP_LIMITS.leadMinutesMax)),
  daysAhead: z.optional(whole('Días de antelación', 0, PICKUP_LIMITS.daysAheadMax)),
});
export type PickupSettings = z.infer<typeof PickupSettings>;
export type PickupRules = { -readonly [K in keyof typeof PICKUP_DEFAULTS]: number };

/** The venue's settings with their defaults filled in. */
export const pickupRules = (venue: { pickup?: PickupSettings | undefined }): PickupRules => ({
  slotMinutes: venue.pickup?.slotMinutes ?? PICKUP_DEFAULTS.slotMinutes,
  ordersPerSlot: venue.pickup?.ordersPerSlot ?? PICKUP_DEFAULTS.ordersPerSlot,
  leadMinutes: venue.pickup?.leadMinutes ?? PICKUP_DEFAULTS.leadMinutes,
  daysAhead: venue.pickup?.daysAhead ?? PICKUP_DEFAULTS.daysAhead,
});

/** A dish's preparation time: its own, else its category's, else `DEFAULT_PREP_MINUTES`. */
export const prepMinutesOf = (
  category: { prepMinutes?: number | undefined } | undefined,
  product: { prepMinutes?: number | undefined } | undefined,
): number => product?.prepMinutes ?? category?.prepMinutes ?? DEFAULT_PREP_MINUTES;

/** One pickup slot: ISO times with the venue's UTC offset; `remaining` places left in it. */
export const PickupSlot = z.object({ start: z.string(), end: z.string(), remaining: z.int() });
/** `GET /api/venues/{id}/pickup-slots?date=YYYY-MM-DD` (`quoteMinutes`: «lo antes posible» now, from the kitchen's load). */
export const PickupSlots = z.object({
  date: z.string(),
  slots: z.array(PickupSlot),
  /** When «lo antes posible» would be ready now (ISO), when the venue takes orders today. */
  asap: z.optional(z.string()),
  /** The days a diner may choose (`YYYY-MM-DD`, today first). */
  days: z.array(z.string()),
});
/** `POST /api/venues/{id}/orders/{orderId}/ready-by`: moves the order's ready time by `minutes`. */
export const ReadyByInput = z.strictObject({
  minutes: z.int().check(
    z.minimum(-PICKUP_LIMITS.readyByMinutesMax),
    z.maximum(PICKUP_LIMITS.readyByMinutesMax),
    z.refine((n) => n !== 0, 'Indica cuántos minutos'),
  ),
});

export type PickupSlot = z.infer<typeof PickupSlot>;
export type PickupSlots = z.infer<typeof PickupSlots>;
export type ReadyByInput = z.infer<typeof ReadyByInput>;

/** The sentences of pickup times the API answers with (problem `detail`, field errors). */
export const PICKUP_MESSAGES = {
  slotFull: 'Esa hora se acaba de llenar',
  slotFullDetail: (next: string) =>
    next ? `Esa hora se acaba de llenar. Hay sitio a las ${next}.` : 'Esa hora se acaba de llenar.',
  slotUnknown: 'Esa hora de recogida no está disponible. Elige otra.',
  slotUnknownField: 'Hora no disponible',
  slotOrAsap: 'Elige una hora o «lo antes posible», no las dos.',
  dateInvalid: 'Indica la fecha como AAAA-MM-DD.',
  dateOutOfRange: 'Esa fecha no está entre los días en que se puede pedir.',
  staffOnly: 'Solo el personal de este local puede cambiar la hora.',
  orderNotFound: 'Ese pedido no existe en este local.',
  orderClosed: 'Ese pedido ya está entregado o cancelado.',
} as const;
