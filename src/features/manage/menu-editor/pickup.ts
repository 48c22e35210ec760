/** The editor's preparation times (docs/rules.md#pickup-times): minutes as the manager types them, and back. */
import { PICKUP_LIMITS } from '../../../contract/pickup.ts';

export const minutesText = (minutes: number | undefined) => (minutes === undefined ? '' : String(minutes));

/** Minutes a person typed: empty is none (the default applies), else a whole number in range. */
export function readMinutes(text: string): { value: number | undefined } | { error: string } {
  const trimmed = text.trim();
  if (!trimmed) return { value: undefined };
  if (!/^\d{1,4}$/.test(trimmed)) return { error: 'Escribe los minutos como un número entero' };
  const value = Number(trimmed);
  if (value < 1 || value > PICKUP_LIMITS.prepMinutesMax)
    return { error: `Entre 1 y ${PICKUP_LIMITS.prepMinutesMax} minutos` };
  return { value };
}
