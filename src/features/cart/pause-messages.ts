/**
 * The pause's sentences (docs/rules.md#pausing-orders) for the catalogues: Spanish here (the contract's,
 * src/contract/pause.ts), the other languages in src/i18n/{lang}.json; paused.ts reads them from the
 * page's inline catalogue, without the i18n runtime.
 */
import { messages, params } from '../../lib/i18n.ts';

export const pauseMessages = messages('pause', {
  takeawayUntil: params('El local no acepta pedidos para llevar hasta las {time}'),
  takeawayNow: 'El local no acepta pedidos para llevar por ahora',
  pickupUntil: params('El local no acepta pedidos para recoger hasta las {time}'),
  pickupNow: 'El local no acepta pedidos para recoger por ahora',
  deliveryUntil: params('El local no acepta pedidos a domicilio hasta las {time}'),
  deliveryNow: 'El local no acepta pedidos a domicilio por ahora',
  tableUntil: params('El local no acepta pedidos en mesa hasta las {time}'),
  tableNow: 'El local no acepta pedidos en mesa por ahora',
  allUntil: params('El local no acepta pedidos hasta las {time}'),
  allNow: 'El local no acepta pedidos por ahora',
});
