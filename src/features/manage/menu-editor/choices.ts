/**
 * What the editor offers to choose from instead of free text (docs/rules.md#venue-self-service): the venue's
 * currency, locale and time zone. The browser's own lists where it has them (`Intl.supportedValuesOf`), the
 * venue's current value always among them.
 */
export interface Choice {
  value: string;
  label: string;
}

const COMMON_CURRENCIES = ['EUR', 'MXN', 'COP', 'USD', 'ARS', 'CLP', 'PEN', 'GBP'];
const LOCALES = [
  'es-ES',
  'es-MX',
  'es-CO',
  'es-AR',
  'es-CL',
  'es-PE',
  'es-US',
  'ca-ES',
  'gl-ES',
  'eu-ES',
  'en-US',
  'en-GB',
  'pt-PT',
  'pt-BR',
  'fr-FR',
  'de-DE',
  'it-IT',
];
const COMMON_ZONES = [
  'Europe/Madrid',
  'Atlantic/Canary',
  'America/Mexico_City',
  'America/Bogota',
  'America/Argentina/Buenos_Aires',
  'America/Santiago',
  'America/Lima',
  'Europe/Lisbon',
  'Europe/London',
  'America/New_York',
];

const supported = (key: 'currency' | 'timeZone', fallback: string[]): string[] => {
  try {
    return Intl.supportedValuesOf(key);
  } catch {
    return fallback;
  }
};

/** The common ones first, then the rest in order; `current` kept when it is in neither. */
function withCurrent(
  common: readonly string[],
  rest: readonly string[],
  current: string,
  label: (v: string) => string,
): Choice[] {
  const values = [
    ...new Set([
      ...common,
      ...(current && !common.includes(current) && !rest.includes(current) ? [current] : []),
      ...rest,
    ]),
  ];
  return values.map((value) => ({ value, label: label(value) }));
}

export function currencyChoices(current: string): Choice[] {
  const names = new Intl.DisplayNames(['es'], { type: 'currency' });
  return withCurrent(
    COMMON_CURRENCIES,
    supported('currency', COMMON_CURRENCIES),
    current,
    (code) => `${code} · ${names.of(code) ?? code}`,
  );
}

export function localeChoices(current: string): Choice[] {
  const names = new Intl.DisplayNames(['es'], { type: 'language' });
  return withCurrent(LOCALES, [], current, (tag) => `${tag} · ${names.of(tag) ?? tag}`);
}

export function timeZoneChoices(current: string): Choice[] {
  return withCurrent(COMMON_ZONES, supported('timeZone', COMMON_ZONES), current, (zone) => zone.replaceAll('_', ' '));
}
