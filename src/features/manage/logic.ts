/**
 * The management pages' pure logic (docs/rules.md#venue-self-service): the tables a manager types on /panel/mesas —
 * one («12», «Terraza 5») or a range («1–30», «Terraza 1-4»: the same words, numbered).
 */
import { MANAGE_LIMITS } from '../../contract/manage.ts';
import type { CashDay } from '../../contract/bill.ts';
import { providerLabel } from '../../contract/refund.ts';

const LABEL = /^[\p{L}\p{N} ._-]+$/u;

/** The labels typed, new ones only (in order), or a Spanish message. */
export function newTableLabels(
  text: string,
  existing: readonly string[],
): { labels: string[]; skipped: number } | { error: string } {
  const typed = text.trim().replace(/\s+/g, ' ');
  if (!typed) return { error: 'Escribe el nombre o número de la mesa, o un intervalo como 1–30.' };
  const range = /^(.*?)(\d+)\s*[-–—]\s*(\d+)$/.exec(typed);
  let labels: string[];
  if (range) {
    const [, prefix = '', fromText = '', toText = ''] = range;
    const from = Number(fromText);
    const to = Number(toText);
    if (from > to) return { error: `El intervalo va de menor a mayor: ${prefix}${to}–${from}.` };
    if (to - from + 1 + existing.length > MANAGE_LIMITS.tablesMax)
      return { error: `Como mucho ${MANAGE_LIMITS.tablesMax} mesas en un local.` };
    labels = Array.from({ length: to - from + 1 }, (_, i) => `${prefix}${from + i}`);
  } else {
    labels = [typed];
  }
  for (const label of labels) {
    if (label.length > 20) return { error: 'Máximo 20 caracteres por mesa.' };
    if (!LABEL.test(label)) return { error: 'Solo letras, números, espacios, puntos y guiones.' };
  }
  const taken = new Set(existing);
  const fresh = labels.filter((l) => !taken.has(l));
  if (!fresh.length)
    return { error: labels.length === 1 ? `La mesa ${labels[0]!} ya existe.` : 'Esas mesas ya existen.' };
  return { labels: fresh, skipped: labels.length - fresh.length };
}

/** What was added, in words: «Mesa 12 añadida.», «30 mesas añadidas (1–30).» */
export function tablesAddedText(labels: readonly string[], skipped: number): string {
  const added =
    labels.length === 1
      ? `Mesa ${labels[0]!} añadida.`
      : `${labels.length} mesas añadidas (${labels[0]!}–${labels.at(-1)!}).`;
  return skipped ? `${added} ${skipped === 1 ? 'Una ya existía' : `${skipped} ya existían`}.` : added;
}

const METHOD_WORDS: Record<string, string> = { card: 'Tarjeta', cash: 'Efectivo', bizum: 'Bizum' };
type Paid = Pick<CashDay['receipts'][number], 'method' | 'provider' | 'label'>;
const providerOf = (r: Paid) => r.label ?? providerLabel(r.provider ?? '', r.method);

/** How a receipt's payment was taken, in words: «Efectivo», «Tarjeta», or its online provider («Redsys», «Bizum»). */
export const paidWith = (r: Paid): string => (r.provider ? providerOf(r) : (METHOD_WORDS[r.method] ?? r.method));

/** How a refund's money goes back (docs/rules.md#refunds), as the confirmation says it. */
export function refundWay(r: Paid): string {
  if (r.provider) return `${providerOf(r)} lo devuelve al medio con que se pagó.`;
  return r.method === 'cash'
    ? 'Entrega el dinero en efectivo; queda registrado con su factura rectificativa.'
    : 'Devuélvelo en el datáfono; queda registrado con su factura rectificativa.';
}
