/**
 * The menu editor's «Datos fiscales» (docs/rules.md#the-bill), pure: tax rates as a person types them (a percentage,
 * «10» or «5,5») ↔ the contract's basis points, and the venue's legal data as four text fields (all empty: none).
 */
import type { Legal } from '../../../contract/venue.ts';
import { isValidSpanishTaxId, normalizeTaxId } from '../../../contract/tax-id.ts';

/** The legal data as the form holds it: four texts. */
export interface FormLegal {
  name: string;
  taxId: string;
  address: string;
  country: string;
}

export const toFormLegal = (legal: Legal | undefined): FormLegal => ({
  name: legal?.name ?? '',
  taxId: legal?.taxId ?? '',
  address: legal?.address ?? '',
  country: legal?.country ?? '',
});

/** The legal data to save: none when every field is empty (the contract then checks each one). */
export function fromFormLegal(legal: FormLegal): Legal | undefined {
  const trimmed = {
    name: legal.name.trim(),
    taxId: normalizeTaxId(legal.taxId),
    address: legal.address.trim(),
    country: legal.country.trim().toUpperCase(),
  };
  return Object.values(trimmed).some(Boolean) ? trimmed : undefined;
}

/** Basis points → «10», «5,5» (the form's text); none → ''. */
export const rateText = (basisPoints: number | undefined): string =>
  basisPoints === undefined ? '' : String(basisPoints / 100).replace('.', ',');

/** «10», «10 %», «5,5» → basis points; '' → none; otherwise a Spanish message. */
export function readRate(text: string): { value: number | undefined } | { error: string } {
  const t = text.replace('%', '').trim().replace(',', '.');
  if (!t) return { value: undefined };
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(t) || Number(t) > 100)
    return { error: 'Escribe un porcentaje entre 0 y 100, p. ej. 10 o 5,5' };
  return { value: Math.round(Number(t) * 100) };
}

/** A word about the typed NIF of a Spanish venue: '' when it passes its check or is not Spanish. */
export const taxIdWarning = (legal: FormLegal): string =>
  legal.country.trim().toUpperCase() === 'ES' && legal.taxId.trim() && !isValidSpanishTaxId(legal.taxId)
    ? 'Este NIF no pasa la comprobación de su letra o dígito de control: revísalo.'
    : '';
