/** The order page's words for when the order will be ready (docs/rules.md#pickup-times). */
import { messages, params } from '../../lib/i18n.ts';

export const readyByMessages = messages('readyBy', {
  readyBy: params('Listo hacia las {time}'),
  readyOn: params('Listo el {date} hacia las {time}'),
});
