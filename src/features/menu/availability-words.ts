/**
 * When a dish, a set or a category is served, in the page's language (docs/architecture.md#languages):
 * the contract writes the sentence («Disponible de lunes a viernes, de 13:00 a 16:00»,
 * src/contract/availability.ts) with these words; Spanish is the contract's own.
 */
import {
  availabilityText,
  SPANISH_AVAILABILITY,
  type Availability,
  type AvailabilityWords,
} from '../../contract/availability.ts';
import { $language, messages, params } from '../../lib/i18n.ts';

export const availabilityMessages = messages('availability', {
  days: 'lunes,martes,miércoles,jueves,viernes,sábados,domingos',
  everyDay: 'todos los días',
  range: params('de {first} a {last}'),
  list: params('los {days}'),
  hours: params('de {from} a {until}'),
  sentence: params('Disponible {when}'),
});

function wordsOf(lang: string): AvailabilityWords {
  if (lang === 'es') return SPANISH_AVAILABILITY;
  const w = availabilityMessages.get();
  const and = (parts: readonly string[]) => new Intl.ListFormat(lang, { type: 'conjunction' }).format(parts);
  return {
    days: w.days.split(','),
    everyDay: w.everyDay,
    range: (first, last) => w.range({ first, last }),
    list: (names) => w.list({ days: and(names) }),
    hours: (from, until) => w.hours({ from, until }),
    and,
    sentence: (parts) => w.sentence({ when: parts.join('; ') }),
  };
}

/** «Disponible de lunes a viernes, de 13:00 a 16:00» in the page's language; '' when always served. */
export function servedText(availability: Availability | undefined): string {
  return availabilityText(availability, wordsOf($language.get()));
}
