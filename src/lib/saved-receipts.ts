/**
 * The diner's last receipts, kept on this device (docs/rules.md#the-bill): a table's receipts stay reachable from the
 * phone after the table closes («Mesa cerrada», «Mis pedidos»), by their unguessable link. Only what the link needs
 * and what the list shows is kept, never the receipt itself.
 */
import { persistentStore } from './persist.ts';
import { messages, params } from './i18n.ts';
import { localPath, pageLanguage } from './page-language.ts';
import type { UiLanguage } from '../contract/languages.ts';

/** A receipt's page in the page's language (`/recibo/{id}`, `/en/recibo/{id}`): what every link to a receipt opens. */
export const receiptPath = (id: string, lang: UiLanguage = pageLanguage()): string =>
  localPath(`/recibo/${encodeURIComponent(id)}`, lang);

/** «Mis recibos»' words: Spanish here, the others in src/i18n/{lang}.json. */
export const receiptListMessages = messages('receipts', {
  title: 'Mis recibos',
  hint: 'Guardados en este teléfono: ábrelos o compártelos cuando quieras.',
  receiptOf: params('Recibo de {venue}'),
  table: params('Mesa {table}'),
});

/** How many receipts a device keeps (the newest). */
export const SAVED_RECEIPTS_MAX = 10;

export interface SavedReceipt {
  id: string;
  venueName: string;
  /** The amount paid, tip included, in minor units of `currency`. */
  total: number;
  currency: string;
  /** How its money is written (the bill's locale). */
  locale?: string;
  /** When it was paid (ISO time). */
  at: string;
  table?: string;
  /** The receipt's number, once the receipt was opened here. */
  number?: string;
}

const isSaved = (value: unknown): value is SavedReceipt => {
  const r = value as SavedReceipt;
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof r.id === 'string' &&
    typeof r.venueName === 'string' &&
    Number.isInteger(r.total) &&
    typeof r.currency === 'string' &&
    typeof r.at === 'string'
  );
};

export const $savedReceipts = persistentStore<SavedReceipt[]>(
  'savedReceipts',
  [],
  (v): v is SavedReceipt[] => Array.isArray(v) && v.every(isSaved),
);

/** Keeps `receipt` (newest first, at most `SAVED_RECEIPTS_MAX`); a known one is updated with what is new. */
export function saveReceipt(receipt: SavedReceipt): void {
  const list = $savedReceipts.get();
  const before = list.find((r) => r.id === receipt.id);
  const merged = before ? { ...before, ...receipt } : receipt;
  if (before && JSON.stringify(before) === JSON.stringify(merged)) return;
  const next = [merged, ...list.filter((r) => r.id !== receipt.id)]
    .sort((a, b) => b.at.localeCompare(a.at))
    .slice(0, SAVED_RECEIPTS_MAX);
  $savedReceipts.set(next);
}
