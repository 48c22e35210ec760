/**
 * Table sessions (docs/rules.md#table-sessions): everyone at a table joins one live session from their own
 * phone, shares one cart and sends rounds to the kitchen together. Schemas and types of
 * the `/api/venues/{id}/tables/{label}/…` and `/api/table-session…` endpoints, and the
 * exact Spanish strings both clients show.
 */
import * as z from 'zod/mini';
import { LIMITS } from './limits.ts';
import { Order, OrderLineInput } from './order.ts';
import { cleanLine, needsLetterOrDigit } from './text.ts';
import { countryWords } from './country-words.ts';

/** Exact strings of docs/rules.md#table-sessions (requirements, not suggestions). */
export const TABLE_STRINGS = {
  invalidToken: 'Este código de mesa no es válido',
  closed: 'Mesa cerrada',
  askName: '¿Cómo te llamas?',
  join: 'Unirme a la mesa',
  send: 'Enviar a cocina',
  /** `Llamar al camarero` in Spain, `Llamar al mesero` in Mexico (src/contract/country-words.ts). */
  callWaiter: (locale: string | undefined) => `Llamar al ${countryWords(locale).waiter}`,
  askBill: 'Pedir la cuenta',
  bill: 'Cuenta de la mesa',
  close: 'Cerrar mesa',
  splitBetween: (n: number) => `Dividir entre ${n}`,
  /** What the others at the table read once someone called (`Mateo pidió la cuenta`). */
  called: (kind: CallKind, name: string, locale: string | undefined) =>
    kind === 'bill' ? `${name} pidió la cuenta` : `${name} llamó al ${countryWords(locale).waiter}`,
  /** What the board shows for an open call (`Mesa 3 · Mateo pide la cuenta`). */
  boardCall: (label: string, kind: CallKind, name: string | undefined, locale: string | undefined) => {
    const waiter = countryWords(locale).waiter;
    return `Mesa ${label} · ${name ? (kind === 'bill' ? `${name} pide la cuenta` : `${name} llama al ${waiter}`) : kind === 'bill' ? 'Piden la cuenta' : `Llaman al ${waiter}`}`;
  },
  /** The notice of the person whose line someone else removed. */
  lineRemoved: (by: string, dish: string) => `${by} quitó tu ${dish}`,
  table: (label: string) => `Mesa ${label}`,
  /** Asked of a phone joining a session whose last activity is older than 30 minutes. */
  sameGroup: 'Esta mesa tiene una cuenta abierta. ¿Sois el mismo grupo?',
  sameGroupYes: 'Sí, unirme',
  sameGroupNo: 'No, somos otro grupo',
  /** On the board, when a new party answered «No, somos otro grupo». */
  newGroupWaiting: (label: string) => `Mesa ${label}: un grupo nuevo espera`,
  /** Who added a line a member of staff put into the table (`Luis · camarero`), docs/rules.md#the-floor. */
  staffLineBy: (name: string, role: StaffRole, locale: string | undefined) =>
    `${name} · ${role === 'staff' ? countryWords(locale).waiter : 'encargado'}`,
  /** On a phone whose session staff moved or merged into another table. */
  movedTo: (label: string) => `Os hemos cambiado a la Mesa ${label}`,
  /** A member of staff whose account has no name. */
  staffUnnamed: 'Personal',
  /** On the phone of a person staff removed from the table. */
  removedByStaff: 'El personal te ha quitado de esta mesa',
} as const;

/** Who a member of staff is at a venue: `staff` (a waiter) or `manager` (a manager or an admin). */
export type StaffRole = 'staff' | 'manager';

/** Messages the API answers with (problem `detail`) and the client may show as they are. */
export const TABLE_MESSAGES = {
  credentialInvalid: 'Tu acceso a la mesa no es válido. Vuelve a escanear el código de la mesa.',
  sessionClosed: 'La mesa está cerrada. Escanea el código de la mesa para empezar de nuevo.',
  nameInvalid: 'Escribe tu nombre (1 a 40 caracteres).',
  notYourLine: 'Solo quien añadió esta línea puede cambiarla.',
  tooManyLines: `El carrito de la mesa admite ${LIMITS.linesPerOrder} líneas como máximo.`,
  emptyCart: 'El carrito de la mesa está vacío.',
  callAlreadyOpen: 'Ya avisamos al personal: va en camino.',
  tableOrderNeedsLink:
    'Solo se puede pedir a una mesa desde el código QR de esa mesa. Escanéalo para pedir desde la mesa.',
  noOpenSession: (label: string) => `La mesa ${label} no tiene una sesión abierta.`,
  tableFull: (people: number) => `La mesa ya tiene ${people} personas unidas, el máximo. Pide ayuda al personal.`,
  cartTooFast: (wait: string) =>
    `Demasiados cambios seguidos en el carrito de la mesa. Lo guardamos y lo enviamos en ${wait}.`,
  cartTooFastTable: (wait: string) =>
    `La mesa está haciendo demasiados cambios seguidos en el carrito. Lo guardamos y lo enviamos en ${wait}.`,
  tooManyCalls: (wait: string) => `Has avisado al personal muchas veces seguidas. Podrás volver a llamar en ${wait}.`,
  tooManyBadTokens: (wait: string) =>
    `Demasiados intentos con un código de mesa que no vale desde esta conexión. Vuelve a intentarlo en ${wait}.`,
  tooManyJoinsTable: (wait: string) =>
    `Te has unido demasiadas veces a esta mesa en poco tiempo. Vuelve a intentarlo en ${wait}.`,
  tooManyJoinsAddress: (wait: string) =>
    `Demasiados intentos de unirse a una mesa desde esta conexión. Vuelve a intentarlo en ${wait}.`,
  checkLine: 'Revisa el plato y sus opciones.',
  unavailable: (names: string) => `Ya no está disponible: ${names}.`,
  /** The field error of a line that is no longer available. */
  lineUnavailable: 'No disponible',
  productFixed: 'Para cambiar de plato, quita esta línea y añade otra.',
  productFixedField: 'No se puede cambiar el plato de una línea',
  cartChanged: 'El carrito de la mesa cambió mientras se enviaba. Revisa el nuevo total y confirma el envío.',
  staffOnly: 'Solo el personal de este local puede ver y atender sus mesas.',
  lineIdInvalid: 'Identificador de línea no válido.',
  lineIdInvalidField: '8 a 64 letras, números, «-» o «_»',
  /** What `Idempotency-Key` identifies on a round (PROBLEM_MESSAGES.idempotencyKeyMissing). */
  idempotencyKeyOf: 'este envío',
  callNotFound: 'Ese aviso no existe en este local.',
  /** 409 `table-same-group`: the table's open session is old; the phone asks before joining it. */
  sameGroup: 'Esta mesa tiene una cuenta abierta. ¿Sois el mismo grupo?',
  /** 409 of a move or merge whose target already has people, or is the same table (docs/rules.md#the-floor). */
  tableBusy: (label: string) => `La mesa ${label} está ocupada: elige una mesa libre o júntalas.`,
  sameTable: 'Elige otra mesa.',
  /** 409 of a merge into a table with no open session. */
  mergeTargetEmpty: (label: string) =>
    `La mesa ${label} no tiene una sesión abierta: cambia la mesa en vez de juntarla.`,
  tableUnknown: (label: string) => `La mesa «${label}» no existe en este local.`,
  participantNotFound: 'Esa persona no está en esta mesa.',
  /** A diner's table credential never opens what staff do to the floor. */
  floorStaffOnly: 'Solo el personal de este local puede atender sus mesas.',
  /** The field error of a waiter's line whose `guest` label is empty or too long. */
  guestInvalid: 'El comensal se indica con 1 a 40 caracteres.',
} as const;

/** Messages of a venue's tables and their QR links (`/api/venues/{id}/tables…`, the tables feature of the API). */
export const TABLE_LINK_MESSAGES = {
  staffOnly: 'Solo el personal de este local puede ver sus mesas.',
  managerRotates: 'Solo quien gestiona el local puede renovar los códigos de las mesas.',
  managerZones: 'Solo quien gestiona el local puede cambiar las zonas de las mesas.',
  tableUnknown: (label: string) => `La mesa «${label}» no existe en este local.`,
} as const;

/** Header that carries the participant credential on every session request. */
export const TABLE_CREDENTIAL_HEADER = 'X-Table-Credential';

/** A line id chosen by the client (idempotent PUT, offline replay). */
export const CART_LINE_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

/** Cleaned (src/contract/text.ts), then 1 to 40 characters with a letter or digit. */
export const ParticipantName = z
  .string()
  .check(
    needsLetterOrDigit(),
    cleanLine(),
    z.minLength(LIMITS.participantNameMin, TABLE_MESSAGES.nameInvalid),
    z.maxLength(LIMITS.participantNameMax, TABLE_MESSAGES.nameInvalid),
  );

/** Body of `POST /venues/{id}/tables/{label}/join`. */
export const JoinInput = z.strictObject({
  token: z.string().check(z.minLength(1), z.maxLength(64)),
  name: z.optional(ParticipantName),
  /**
   * The answer to «¿Sois el mismo grupo?» (asked when the table's open session had no activity for 30 minutes):
   * `same` joins it; `new` joins nothing and asks staff to close it (answered 202 `JoinWaiting` until they do).
   */
  group: z.optional(z.enum(['same', 'new'])),
});

/** Body of `PUT /table-session/cart/lines/{lineId}` (the rules of an order line). */
export const CartLineInput = OrderLineInput;

export const CALL_KINDS = ['waiter', 'bill'] as const;
export const CallKind = z.enum(CALL_KINDS);
export const CallInput = z.strictObject({ kind: CallKind });

/**
 * Body of `POST /table-session/rounds`: the total the table was shown, and the interface language
 * of the phone that sends it (docs/architecture.md#languages), recorded on the round's order.
 */
export const RoundInput = z.strictObject({
  expectedTotal: z.int().check(z.minimum(0)),
  language: z.optional(z.string().check(z.regex(/^[a-z]{2,3}$/))),
});

export const TableCartLine = z.object({
  id: z.string(),
  /** The participant who added it; `staff:{userId}` for a line a member of staff added. */
  participantId: z.string(),
  /** Name of the participant who added it, or the staff member's name and role (`Luis · camarero`). */
  by: z.string(),
  /** Added by a member of staff (docs/rules.md#the-floor). */
  byStaff: z.optional(z.boolean()),
  /** Whom at the table it is for («Comensal 2», or a participant's name): the bill splits by it. */
  guest: z.optional(z.string()),
  productId: z.string(),
  name: z.string(),
  options: z.array(z.object({ id: z.string(), name: z.string(), priceDelta: z.int() })),
  optionIds: z.array(z.string()),
  note: z.optional(z.string()),
  quantity: z.int(),
  /** Priced by the server when the session is read. */
  unitPrice: z.int(),
  lineTotal: z.int(),
  addedAt: z.string(),
});

export const Participant = z.object({ id: z.string(), name: z.string(), joinedAt: z.string() });

export const TableCall = z.object({
  id: z.string(),
  kind: CallKind,
  at: z.string(),
  acknowledgedAt: z.optional(z.string()),
  /** Who called: the participant and their name (calls made before names were kept have none). */
  participantId: z.optional(z.string()),
  by: z.optional(z.string()),
});

/** A line one participant removed from another's part of the cart (in the snapshot that removed it). */
export const LineRemoval = z.object({
  lineId: z.string(),
  /** The dish's name. */
  name: z.string(),
  /** Whose line it was. */
  ownerId: z.string(),
  /** Who removed it. */
  byId: z.string(),
  by: z.string(),
});

export const TableSessionStatus = z.enum(['open', 'closed']);

export const TableSession = z.object({
  id: z.string(),
  venueId: z.string(),
  table: z.string(),
  status: TableSessionStatus,
  openedAt: z.optional(z.string()),
  closedAt: z.optional(z.string()),
  /** Increases on every change of the session. */
  version: z.int(),
  participants: z.array(Participant),
  cart: z.object({ lines: z.array(TableCartLine), subtotal: z.int(), count: z.int() }),
  /** Rounds sent to the kitchen, newest last. */
  rounds: z.array(Order),
  /** Open calls. */
  calls: z.array(TableCall),
  /** Set only on the snapshot published when someone removed another person's line. */
  removed: z.optional(LineRemoval),
  /** The bill's balance reached 0 («Pagada», docs/rules.md#the-bill). */
  paidAt: z.optional(z.string()),
});

/**
 * `event: cart` on a participant's stream: one cart line added or changed (`line`), or removed
 * (`removedLineId`, and `removed` when it was someone else's), with the session's version after
 * the change. A phone applies it when `version` is the next one; a gap means it missed a change
 * and reads the whole session once.
 */
export const TableCartChange = z.object({
  sessionId: z.string(),
  version: z.int(),
  line: z.optional(TableCartLine),
  removedLineId: z.optional(z.string()),
  removed: z.optional(LineRemoval),
});

/** `event: table-cart` on the board's stream: a table's cart size changed. */
export const StaffCartChange = z.object({ id: z.string(), table: z.string(), cartCount: z.int() });

export const TableCheck = z.object({ venueId: z.string(), table: z.string() });

export const JoinResult = z.object({
  credential: z.string(),
  participantId: z.string(),
  session: TableSession,
});

/** 202 of a join with `group: new`: staff were asked to close the old session; nothing of it is sent. */
export const JoinWaiting = z.object({ table: z.string(), waiting: z.literal(true) });

export const CallResult = z.object({ call: TableCall, alreadyOpen: z.boolean() });

/** The bill (docs/rules.md#the-bill): defined with the payments in src/contract/bill.ts. */
export { TableBill } from './bill.ts';

/** One open session as staff see it (board list and `event: table`). */
export const StaffTableSession = z.object({
  id: z.string(),
  table: z.string(),
  status: z.optional(TableSessionStatus),
  openedAt: z.string(),
  closedAt: z.optional(z.string()),
  participants: z.array(Participant),
  cartCount: z.int(),
  rounds: z.array(Order),
  calls: z.array(TableCall),
  /** The bill's balance reached 0 («Pagada», docs/rules.md#the-bill). */
  paidAt: z.optional(z.string()),
  /** A new party answered «No, somos otro grupo» at this table («Mesa 3: un grupo nuevo espera»). */
  newGroupAt: z.optional(z.string()),
  /** Opened by a member of staff (`POST …/tables/{label}/open`): shown on the board even before anyone joins. */
  openedByStaff: z.optional(z.boolean()),
});

export const StaffTableSessions = z.object({ sessions: z.array(StaffTableSession) });
/** `unpaid`: what the table still owed when staff closed it (confirmed, docs/rules.md#the-bill). */
export const TableClosed = z.object({ table: z.string(), closedAt: z.string(), unpaid: z.optional(z.int()) });

export type ParticipantName = z.infer<typeof ParticipantName>;
export type JoinInput = z.infer<typeof JoinInput>;
export type CartLineInput = z.infer<typeof CartLineInput>;
export type CallKind = z.infer<typeof CallKind>;
export type CallInput = z.infer<typeof CallInput>;
export type RoundInput = z.infer<typeof RoundInput>;
export type TableCartLine = z.infer<typeof TableCartLine>;
export type Participant = z.infer<typeof Participant>;
export type TableCall = z.infer<typeof TableCall>;
export type TableSessionStatus = z.infer<typeof TableSessionStatus>;
export type TableSession = z.infer<typeof TableSession>;
export type TableCheck = z.infer<typeof TableCheck>;
export type TableCartChange = z.infer<typeof TableCartChange>;
export type StaffCartChange = z.infer<typeof StaffCartChange>;
export type JoinResult = z.infer<typeof JoinResult>;
export type JoinWaiting = z.infer<typeof JoinWaiting>;
export type CallResult = z.infer<typeof CallResult>;
export type StaffTableSession = z.infer<typeof StaffTableSession>;
export type StaffTableSessions = z.infer<typeof StaffTableSessions>;
export type TableClosed = z.infer<typeof TableClosed>;
export type LineRemoval = z.infer<typeof LineRemoval>;
