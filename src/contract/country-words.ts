/**
 * Words that belong to one country (docs/rules.md#table-sessions): in Spain a waiter is a
 * «camarero», in Mexico and Colombia a «mesero». The one table of them, picked by the venue's
 * locale (`es-ES`, `es-MX`, `es-CO` …); the diner's pages and the staff board both read it.
 */

export interface CountryWords {
  /** Who serves the tables: «Llamar al camarero» / «Llamar al mesero». */
  waiter: string;
}

const SPAIN: CountryWords = { waiter: 'camarero' };
const MESERO: CountryWords = { waiter: 'mesero' };

/** By ISO 3166-1 country (the region of the venue's locale). */
export const COUNTRY_WORDS: Readonly<Record<string, CountryWords>> = {
  ES: SPAIN,
  MX: MESERO,
  CO: MESERO,
  GT: MESERO,
  HN: MESERO,
  SV: MESERO,
  NI: MESERO,
  CR: MESERO,
  PA: MESERO,
  VE: MESERO,
  EC: MESERO,
  PE: MESERO,
  BO: MESERO,
  CL: { waiter: 'garzón' },
  AR: { waiter: 'mozo' },
  UY: { waiter: 'mozo' },
  PY: { waiter: 'mozo' },
};

/** A locale without a known country (`es`) keeps the words the app always used. */
const DEFAULT_WORDS = MESERO;

/** The words of the venue's country: `countryWords('es-ES').waiter === 'camarero'`. */
export function countryWords(locale: string | undefined): CountryWords {
  const region = locale?.split(/[-_]/)[1]?.toUpperCase();
  return (region && COUNTRY_WORDS[region]) || DEFAULT_WORDS;
}
