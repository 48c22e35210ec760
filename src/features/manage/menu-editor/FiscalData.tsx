/**
 * «Datos fiscales» in the menu editor (docs/rules.md#the-bill): the legal data every receipt prints (business name,
 * NIF, fiscal address, country) and the venue's IVA; a category's and a dish's own rate are beside their names. A
 * Spanish NIF joins the VERI*FACTU chain once an admin confirmed it: the section says whether it is confirmed, and
 * an admin confirms it here («Confirmar NIF», `POST /api/venues/{id}/verifactu/issuer`).
 */
import { useEffect, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import type { VerifactuIssuer } from '../../../contract/bill.ts';
import { problemMessage } from '../../../lib/http.ts';
import { confirmIssuer, fetchIssuer } from '../api.ts';
import { SelectField, TextField } from './fields.tsx';
import { taxIdWarning } from './fiscal.ts';
import type { FormValues } from './logic.ts';

/** The countries umenu's venues are in, by their ISO 3166-1 code. */
const COUNTRIES = [
  ['ES', 'España'],
  ['MX', 'México'],
  ['CO', 'Colombia'],
  ['AR', 'Argentina'],
  ['CL', 'Chile'],
  ['PE', 'Perú'],
  ['PT', 'Portugal'],
  ['FR', 'Francia'],
  ['IT', 'Italia'],
  ['DE', 'Alemania'],
  ['GB', 'Reino Unido'],
  ['US', 'Estados Unidos'],
] as const;

export function FiscalData({
  venueId,
  admin,
  saved,
}: {
  venueId: string;
  admin: boolean;
  saved: { taxId?: string; country?: string };
}) {
  const { control } = useFormContext<FormValues>();
  const legal = useWatch({ control, name: 'legal' });
  const [issuer, setIssuer] = useState<VerifactuIssuer>();
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    // Not Spanish: the issuer's status is not shown (nothing to ask).
    if (saved.country !== 'ES' || !saved.taxId) return;
    fetchIssuer(venueId)
      .then(setIssuer)
      .catch((e: unknown) => setMessage(problemMessage(e)));
  }, [venueId, saved.taxId, saved.country]);

  const countries =
    COUNTRIES.some(([code]) => code === legal.country) || !legal.country
      ? COUNTRIES
      : [...COUNTRIES, [legal.country, legal.country] as const];
  const warning = taxIdWarning(legal);
  const changed = legal.taxId.trim().toUpperCase() !== (saved.taxId ?? '') || legal.country !== (saved.country ?? '');

  const confirm = async () => {
    setBusy(true);
    setMessage('');
    try {
      setIssuer(await confirmIssuer(venueId, saved.taxId!));
      setMessage(`NIF ${saved.taxId!} confirmado: los recibos entran en la cadena VERI*FACTU.`);
    } catch (e) {
      setMessage(problemMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-col gap-3" data-testid="fiscal-data">
      <p className="text-sm">
        Salen en cada recibo. El IVA de una categoría o de un plato se cambia junto a su nombre.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField name="legal.name" label="Razón social" hint="p. ej. Casa Pepe S.L." />
        <TextField name="legal.taxId" label="NIF" hint="p. ej. B46123451" />
        <TextField name="legal.address" label="Domicilio fiscal" />
        <SelectField
          name="legal.country"
          label="País"
          options={[{ value: '', label: 'Sin indicar' }, ...countries.map(([value, label]) => ({ value, label }))]}
        />
        <TextField
          name="taxRateText"
          label="IVA del local (%)"
          inputMode="decimal"
          hint="p. ej. 10 (hostelería en España)"
        />
      </div>
      {warning && (
        <p className="text-sm text-error-strong" data-testid="tax-id-warning">
          {warning}
        </p>
      )}
      {saved.country === 'ES' && saved.taxId && (
        <div className="flex flex-wrap items-center gap-3" data-testid="tax-id-status">
          {issuer && (
            <span className={`badge min-h-8 ${issuer.confirmed ? 'badge-success' : 'badge-warning'}`}>
              {issuer.confirmed
                ? `NIF confirmado (serie ${issuer.series})`
                : 'NIF sin confirmar: los recibos no llevan el QR de VERI*FACTU'}
            </span>
          )}
          {admin && issuer && !issuer.confirmed && !changed && (
            <button type="button" className="btn btn-outline min-h-11" disabled={busy} onClick={() => void confirm()}>
              Confirmar NIF
            </button>
          )}
          {changed && <span className="text-sm">Publica los cambios para confirmar el NIF nuevo.</span>}
        </div>
      )}
      <p role="status" className="text-sm">
        {message}
      </p>
    </div>
  );
}
