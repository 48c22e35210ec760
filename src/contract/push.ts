/**
 * Web Push when an order is ready (docs/rules.md#ready-notifications): the browser's subscription as the API
 * takes it, the server's public VAPID key, the notification's payload and its words in every interface
 * language, and the sentences of the API's problems. Shared by the browser (the order page's opt-in,
 * the service worker's payload) and the API.
 */
import * as z from 'zod/mini';
import { isUiLanguage, type UiLanguage } from './languages.ts';

/** What the API says in a problem's `detail` about push subscriptions. */
export const PUSH_MESSAGES = {
  off: 'Este servidor no envía avisos al móvil.',
  endpointInvalid: 'La suscripción no es válida: falta la dirección del servicio de avisos del navegador.',
  endpointRefused:
    'Esa dirección no es de un servicio de avisos de navegador conocido (Google, Mozilla, Apple o Microsoft).',
  keysInvalid: 'La suscripción no es válida: faltan sus claves (p256dh y auth) o no tienen la longitud esperada.',
  tooMany: 'Este pedido ya tiene demasiados avisos activados.',
  orderClosed: 'Ese pedido ya está listo o terminado: no hace falta avisarte.',
  notYourOrder: 'Ese pedido no existe o no es tuyo.',
} as const;

/** Base64url without padding. */
const BASE64URL = /^[A-Za-z0-9_-]+$/;
/** The uncompressed P-256 point (65 bytes) and the 16-byte auth secret, in base64url: 87 and 22 characters. */
const p256dh = z
  .string(PUSH_MESSAGES.keysInvalid)
  .check(z.regex(BASE64URL, PUSH_MESSAGES.keysInvalid), z.length(87, PUSH_MESSAGES.keysInvalid));
const auth = z
  .string(PUSH_MESSAGES.keysInvalid)
  .check(z.regex(BASE64URL, PUSH_MESSAGES.keysInvalid), z.length(22, PUSH_MESSAGES.keysInvalid));

/**
 * Body of `POST /orders/{id}/push-subscription` and `POST /table-session/push-subscription`: the browser's
 * `PushSubscription.toJSON()` (`expirationTime` is allowed and ignored), plus the page's interface language.
 */
export const PushSubscriptionInput = z.object({
  endpoint: z
    .string(PUSH_MESSAGES.endpointInvalid)
    .check(z.minLength(10, PUSH_MESSAGES.endpointInvalid), z.maxLength(1000, PUSH_MESSAGES.endpointInvalid)),
  expirationTime: z.optional(z.nullable(z.number())),
  keys: z.object({ p256dh, auth }, PUSH_MESSAGES.keysInvalid),
  language: z.optional(z.string().check(z.regex(/^[a-z]{2,3}$/))),
});
export type PushSubscriptionInput = z.infer<typeof PushSubscriptionInput>;

/** `GET /push/public-key`: the server's VAPID public key (base64url), the browser's `applicationServerKey`. */
export const PushPublicKey = z.strictObject({ publicKey: z.string() });
export type PushPublicKey = z.infer<typeof PushPublicKey>;

/** The notification's payload, JSON (the service worker shows `title` and `body`; a tap opens `url`). */
export const PushPayload = z.object({ title: z.string(), body: z.string(), url: z.string() });
export type PushPayload = z.infer<typeof PushPayload>;

interface ReadyWords {
  title: (venue: string) => string;
  pickup: (number: string) => string;
  delivery: (number: string) => string;
  table: (number: string) => string;
}

/** «Tu pedido en Bar El Cabanyal está listo», in the language the diner ordered in. */
const READY_WORDS: Record<UiLanguage, ReadyWords> = {
  es: {
    title: (v) => `Tu pedido en ${v} está listo`,
    pickup: (n) => `Pedido ${n}: ya puedes pasar a recogerlo.`,
    delivery: (n) => `Pedido ${n}: sale enseguida hacia ti.`,
    table: (n) => `Pedido ${n}: enseguida te lo llevan a la mesa.`,
  },
  en: {
    title: (v) => `Your order at ${v} is ready`,
    pickup: (n) => `Order ${n}: you can pick it up now.`,
    delivery: (n) => `Order ${n}: it is on its way to you.`,
    table: (n) => `Order ${n}: it is coming to your table.`,
  },
  fr: {
    title: (v) => `Votre commande chez ${v} est prête`,
    pickup: (n) => `Commande ${n} : vous pouvez venir la chercher.`,
    delivery: (n) => `Commande ${n} : elle part tout de suite chez vous.`,
    table: (n) => `Commande ${n} : elle arrive à votre table.`,
  },
  de: {
    title: (v) => `Ihre Bestellung bei ${v} ist fertig`,
    pickup: (n) => `Bestellung ${n}: Sie können sie jetzt abholen.`,
    delivery: (n) => `Bestellung ${n}: Sie ist gleich unterwegs zu Ihnen.`,
    table: (n) => `Bestellung ${n}: Sie kommt gleich an Ihren Tisch.`,
  },
  it: {
    title: (v) => `Il tuo ordine da ${v} è pronto`,
    pickup: (n) => `Ordine ${n}: puoi passare a ritirarlo.`,
    delivery: (n) => `Ordine ${n}: parte subito verso di te.`,
    table: (n) => `Ordine ${n}: arriva subito al tuo tavolo.`,
  },
  pt: {
    title: (v) => `O teu pedido em ${v} está pronto`,
    pickup: (n) => `Pedido ${n}: já podes vir buscá-lo.`,
    delivery: (n) => `Pedido ${n}: sai já a caminho de ti.`,
    table: (n) => `Pedido ${n}: vai já para a tua mesa.`,
  },
  ca: {
    title: (v) => `La teua comanda a ${v} està llesta`,
    pickup: (n) => `Comanda ${n}: ja pots passar a recollir-la.`,
    delivery: (n) => `Comanda ${n}: ix de seguida cap a tu.`,
    table: (n) => `Comanda ${n}: de seguida te la porten a la taula.`,
  },
};

/** The ready notification of an order (its number, mode and venue) in `language` (Spanish when unknown). */
export function readyPayload(
  order: { venueName: string; number: string; mode: 'pickup' | 'delivery' | 'table' },
  language: string | undefined,
  url: string,
): PushPayload {
  const words = READY_WORDS[isUiLanguage(language) ? language : 'es'];
  return { title: words.title(order.venueName), body: words[order.mode](order.number), url };
}
