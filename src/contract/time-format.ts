/**
 * Times of a venue's orders and tables (docs/rules.md#cart-checkout-and-orders): always in the venue's time zone, so
 * "Mis pedidos", the order page, the table and the board say the same hour. When the
 * device's zone is another one, the zone is named (`21:43 (hora de Ciudad de México)`).
 */

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, f);
  }
  return f;
}

/** The device's zone (undefined where Intl cannot tell). */
export function deviceTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/** A usable IANA zone or undefined (an unknown one would throw in Intl). */
function validZone(timeZone: string | undefined): string | undefined {
  if (!timeZone) return undefined;
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return timeZone;
  } catch {
    return undefined;
  }
}

/** True when `a` and `b` show the same wall-clock time at `at` (e.g. two names of one zone). */
function sameOffset(a: string, b: string, at: Date): boolean {
  const parts = (timeZone: string) =>
    formatterOf('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(at);
  return parts(a) === parts(b);
}

/** `Ciudad de México` for `America/Mexico_City`: the city part of the zone, in words. */
export function zoneName(timeZone: string): string {
  const city = timeZone.split('/').pop() ?? timeZone;
  const spanish: Record<string, string> = { Mexico_City: 'Ciudad de México', Bogota: 'Bogotá', Madrid: 'Madrid' };
  return spanish[city] ?? city.replace(/_/g, ' ');
}

export interface VenueTimeOptions {
  /** `time` (`21:43`) or `dateTime` (`24 nov 2026, 21:43`). */
  style?: 'time' | 'dateTime';
  /** The device's zone (tests); defaults to the running device's. */
  deviceZone?: string | undefined;
  /** How the zone is named in another language than Spanish (`Mexico City time`); `hora de …` when absent. */
  zoneLabel?: ((zone: string) => string) | undefined;
}

/**
 * An instant in the venue's zone. The zone is named when the device's zone shows another
 * time; without a (valid) venue zone, the device's time is all there is.
 */
export function formatVenueTime(
  iso: string,
  locale: string,
  venueZone: string | undefined,
  options: VenueTimeOptions = {},
): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const zone = validZone(venueZone);
  const style: Intl.DateTimeFormatOptions =
    options.style === 'dateTime' ? { dateStyle: 'medium', timeStyle: 'short' } : { hour: '2-digit', minute: '2-digit' };
  let text: string;
  try {
    text = formatterOf(locale, { ...style, ...(zone ? { timeZone: zone } : {}) }).format(date);
  } catch {
    text = formatterOf('es', { ...style, ...(zone ? { timeZone: zone } : {}) }).format(date);
  }
  const device = 'deviceZone' in options ? options.deviceZone : deviceTimeZone();
  if (zone && device && device !== zone && !sameOffset(zone, device, date))
    text += ` (${options.zoneLabel?.(zone) ?? `hora de ${zoneName(zone)}`})`;
  return text;
}
