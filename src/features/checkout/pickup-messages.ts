/** The checkout's words for when a pickup or delivery order will be ready (docs/rules.md#pickup-times). */
import { count, messages, params } from '../../lib/i18n.ts';

export const pickupMessages = messages('pickup', {
  legend: '¿Para cuándo?',
  asap: params('Lo antes posible (hacia las {time})'),
  asapPlain: 'Lo antes posible',
  left: count({ one: 'queda {count}', many: 'quedan {count}' }),
  day: 'Día',
  today: 'Hoy',
  tomorrow: 'Mañana',
  none: 'No quedan horas libres este día.',
  loading: 'Buscando horas libres…',
  failed: 'No pudimos cargar las horas libres: puedes pedir lo antes posible.',
  nextFree: params('Hay sitio a las {times}.'),
});
