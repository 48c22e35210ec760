/**
 * Pausing new orders (docs/rules.md#pausing-orders): staff stop pickup and delivery (or table
 * rounds, when chosen) for some minutes or until they resume; a venue may also pause by itself
 * when a station has too many open tickets (`autoPause`). The pause lives in the venue document
 * (`pause`), so the public menu and its live copy on the phones say so, and it is read as an
 * «until» time: it ends by itself when that time passes. Shared by the browser and the API.
 */
import * as z from 'zod/mini';
import { cleanLine } from './text.ts';
import { formatVenueTime } from './time-format.ts';

/** The modes a pause may stop (the venue's order modes, src/contract/venue.ts). */
export const PAUSE_MODES = ['pickup', 'delivery', 'table'] as const;
export type PauseMode = (typeof PAUSE_MODES)[number];
/** What a pause stops when the request names no modes: pickup and delivery; table rounds go on. */
export const DEFAULT_PAUSE_MODES: readonly PauseMode[] = ['pickup', 'delivery'];
/** The board's choices, in minutes (and «Hasta que lo reanude»: no minutes). */
export const PAUSE_CHOICES = [15, 30, 60] as const;

export const PAUSE_LIMITS = { minutesMax: 720, reasonMax: 120, openTicketsMax: 999 } as const;

/** `POST /api/venues/{id}/pause`. */
export const PauseInput = z.strictObject({
  minutes: z.optional(
    z
      .int('Los minutos deben ser un número entero')
      .check(
        z.minimum(1, 'Al menos 1 minuto'),
        z.maximum(PAUSE_LIMITS.minutesMax, `Como mucho ${PAUSE_LIMITS.minutesMax} minutos`),
      ),
  ),
  modes: z.optional(
    z.array(z.enum(PAUSE_MODES, 'Modo desconocido: usa pickup, delivery o table')).check(
      z.minLength(1, 'Elige al menos un modo'),
      z.refine((list) => new Set(list).size === list.length, 'Modos repetidos'),
    ),
  ),
  reason: z.optional(
    z
      .string('El motivo debe ser un texto')
      .check(cleanLine(), z.maxLength(PAUSE_LIMITS.reasonMax, `Máximo ${PAUSE_LIMITS.reasonMax} caracteres`)),
  ),
});
export type PauseInput = z.infer<typeof PauseInput>;

/** The venue document's `pause`: since when, until when (absent: until resumed), what it stops and why. */
export const VenuePause = z.object({
  since: z.string(),
  until: z.optional(z.string()),
  modes: z.array(z.enum(PAUSE_MODES)),
  reason: z.optional(z.string()),
  /** Set by the automatic pause: the station over its number and its open tickets then. */
  auto: z.optional(z.object({ station: z.string(), openTickets: z.int() })),
});
export type VenuePause = z.infer<typeof VenuePause>;

/** The venue document's `autoPause` (a manager's setting): pause pickup and delivery above this many open tickets at a station. */
export const AutoPause = z.object({
  openTickets: z
    .int('Indica un número entero de comandas')
    .check(
      z.minimum(1, 'Al menos 1 comanda'),
      z.maximum(PAUSE_LIMITS.openTicketsMax, `Como mucho ${PAUSE_LIMITS.openTicketsMax} comandas`),
    ),
});
export type AutoPause = z.infer<typeof AutoPause>;

/** `GET/POST/DELETE /api/venues/{id}/pause`: the pause in force (null: none). */
export const PauseState = z.object({ pause: z.nullable(VenuePause) });
export type PauseState = z.infer<typeof PauseState>;

/** The pause in force at `now` (one whose «until» has passed is over). */
export function activePause(venue: { pause?: VenuePause | undefined }, now: Date | number): VenuePause | undefined {
  const pause = venue.pause;
  if (!pause) return undefined;
  if (pause.until !== undefined && Date.parse(pause.until) <= +now) return undefined;
  return pause;
}

/**
 * How a pause's modes are said: `takeaway` (pickup and delivery), `pickup`, `delivery`,
 * `table`, or `all` (table rounds and something else).
 */
export type PauseKind = 'takeaway' | 'pickup' | 'delivery' | 'table' | 'all';
export function pauseKind(modes: readonly PauseMode[]): PauseKind {
  const has = (m: PauseMode) => modes.includes(m);
  if (has('table')) return modes.length === 1 ? 'table' : 'all';
  if (has('pickup') && has('delivery')) return 'takeaway';
  return has('pickup') ? 'pickup' : 'delivery';
}

const PAUSE_WHAT: Record<PauseKind, string> = {
  takeaway: ' para llevar',
  pickup: ' para recoger',
  delivery: ' a domicilio',
  table: ' en mesa',
  all: '',
};

/** The sentences of the pause (problem `detail`s and field errors). */
export const PAUSE_MESSAGES = {
  /** «El local no acepta pedidos para llevar hasta las 21:30» (`time` in the venue's zone), or «… por ahora». */
  paused: (kind: PauseKind, time: string | undefined) =>
    `El local no acepta pedidos${PAUSE_WHAT[kind]} ${time ? `hasta las ${time}` : 'por ahora'}`,
  resumed: 'Pedidos reanudados',
  /** Who the automatic pause is in the audit log. */
  autoActor: 'Pausa automática',
  staffOnly: 'Solo el personal de este local puede pausar sus pedidos.',
  notSaved: 'No se pausaron los pedidos: revisa los datos.',
  /** The automatic pause's reason (docs/rules.md#pausing-orders). */
  autoReason: (openTickets: number, station: string) =>
    `Cocina saturada: ${openTickets} comandas abiertas en ${station}`,
} as const;

/** The sentence of a pause in Spanish, its time in the venue's zone (the 409's detail). */
export function pauseSentence(pause: VenuePause, timezone: string): string {
  const time = pause.until ? formatVenueTime(pause.until, 'es', timezone, { deviceZone: timezone }) : undefined;
  return PAUSE_MESSAGES.paused(pauseKind(pause.modes), time);
}
