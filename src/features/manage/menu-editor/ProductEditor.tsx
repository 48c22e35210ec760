/** One dish (or set menu) in the menu editor: its fields, station, labels, image, option groups (a set's courses) and price history. */
import { useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { ALLERGENS, TAGS } from '../../../contract/venue.ts';
import { MANAGE_LIMITS, type ProductChange } from '../../../contract/manage.ts';
import { ALLERGEN_LABELS, TAG_LABELS } from '../../../contract/menu-labels.ts';
import { formatMoneyText } from '../../../contract/money-text.ts';
import { problemMessage, problemOf } from '../../../lib/http.ts';
import { fetchHistory, uploadImage } from '../api.ts';
import { CheckList, TextField } from './fields.tsx';
import type { FormValues } from './logic.ts';
import { OptionGroups } from './OptionGroups.tsx';
import { SetEditor } from './SetEditor.tsx';
import { ProductStation } from './Stations.tsx';

/** A refused upload in the API's own words (415 wrong type, 413 too large), else the usual message. */
function uploadError(error: unknown): string {
  const problem = problemOf(error);
  if (problem?.status === 415)
    return problem.detail ?? 'Formato de imagen no admitido: sube una foto JPEG, PNG, WebP o AVIF.';
  if (problem?.status === 413) return problem.detail ?? 'La imagen supera el máximo de 8 MB.';
  return problem?.detail && problem.status === 422 ? problem.detail : problemMessage(error);
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toLocaleString('es', { maximumFractionDigits: 1 })} MB`;

function ImageField({ ci, pi, venueId }: { ci: number; pi: number; venueId: string }) {
  const { setValue, control } = useFormContext<FormValues>();
  const name = `categories.${ci}.products.${pi}.image` as const;
  const image = useWatch({ control, name });
  const productName = useWatch({ control, name: `categories.${ci}.products.${pi}.name` });
  const [message, setMessage] = useState<{ error: boolean; text: string }>();
  const [busy, setBusy] = useState(false);
  const id = `img-${ci}-${pi}`;
  async function onFile(input: HTMLInputElement) {
    const file = input.files?.[0];
    if (!file) return;
    // Too large: said at once, without sending megabytes the API would refuse.
    if (file.size > MANAGE_LIMITS.mediaMaxBytes) {
      setMessage({
        error: true,
        text: `La imagen pesa ${megabytes(file.size)} y el máximo es 8 MB: redúcela o expórtala con más compresión.`,
      });
      input.value = '';
      return;
    }
    setBusy(true);
    setMessage({ error: false, text: 'Subiendo la imagen…' });
    try {
      const uploaded = await uploadImage(venueId, file);
      setValue(
        name,
        {
          src: uploaded.src,
          width: uploaded.width,
          height: uploaded.height,
          placeholder: uploaded.placeholder,
          alt: productName,
        },
        { shouldDirty: true },
      );
      setMessage({ error: false, text: 'Imagen subida.' });
    } catch (e) {
      setMessage({ error: true, text: uploadError(e) });
      input.value = '';
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="flex flex-wrap items-center gap-3">
      {image && (
        <img
          src={image.src}
          alt=""
          width={80}
          height={60}
          className="h-15 w-20 rounded object-cover"
          data-testid="dish-image"
        />
      )}
      <div className="flex flex-col gap-1">
        <label htmlFor={id} className="text-sm font-medium">
          Imagen (JPEG, PNG, WebP o AVIF, hasta 8 MB)
        </label>
        <input
          id={id}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/avif"
          className="file-input file-input-sm min-h-11"
          disabled={busy}
          aria-describedby={`${id}-status`}
          onChange={(e) => void onFile(e.currentTarget)}
        />
        <p
          id={`${id}-status`}
          role="status"
          data-testid="image-status"
          className={`text-sm ${message?.error ? 'font-medium text-error-strong' : ''}`}
        >
          {message?.text}
        </p>
      </div>
    </div>
  );
}

function History({
  venueId,
  productId,
  currency,
  locale,
}: {
  venueId: string;
  productId: string;
  currency: string;
  locale: string;
}) {
  const [changes, setChanges] = useState<ProductChange[] | string>();
  const show = (c: ProductChange, v: number | boolean) =>
    c.field === 'price' ? formatMoneyText(v as number, currency, locale) : v ? 'disponible' : 'agotado';
  return (
    <div>
      <button
        type="button"
        className="btn btn-ghost btn-sm min-h-11"
        onClick={() =>
          void fetchHistory(venueId, productId).then(
            (h) => setChanges(h.changes),
            (err: unknown) => setChanges(problemMessage(err)),
          )
        }
      >
        Ver historial
      </button>
      {typeof changes === 'string' && <p className="text-sm">{changes}</p>}
      {Array.isArray(changes) &&
        (changes.length === 0 ? (
          <p className="text-sm">Sin cambios registrados.</p>
        ) : (
          <ul className="text-sm" aria-label="Historial de cambios">
            {changes.map((c, i) => (
              <li key={i}>
                {new Date(c.at).toLocaleString('es')} · {c.by.name}: {c.field === 'price' ? 'precio' : 'disponibilidad'}{' '}
                {show(c, c.old)} → {show(c, c.new)}
              </li>
            ))}
          </ul>
        ))}
    </div>
  );
}

export function ProductEditor({
  ci,
  pi,
  venueId,
  onDuplicate,
  onDelete,
}: {
  ci: number;
  pi: number;
  venueId: string;
  onDuplicate: () => void;
  onDelete: () => void;
}) {
  const { register, control, getValues } = useFormContext<FormValues>();
  const base = `categories.${ci}.products.${pi}` as const;
  const name = useWatch({ control, name: `${base}.name` });
  const isSet = getValues(`${base}.kind`) === 'set';
  const currency = getValues('currency');
  const locale = getValues('locale');
  // A new (unnamed) dish opens ready to fill in; after that the person opens and closes it.
  const [initiallyOpen] = useState(() => !getValues(`${base}.name`));
  return (
    <details
      className="rounded-box border border-base-300 bg-base-100"
      data-testid="product-editor"
      open={initiallyOpen || undefined}
    >
      <summary className="flex min-h-11 min-w-0 cursor-pointer items-center px-3 font-medium">
        <span className="min-w-0 truncate">{name || (isSet ? 'Menú sin nombre' : 'Plato sin nombre')}</span>
      </summary>
      <div className="flex flex-col gap-3 p-3">
        <div className="grid gap-3 sm:grid-cols-3">
          <TextField
            name={`${base}.name`}
            label={isSet ? 'Nombre del menú' : 'Nombre del plato'}
            className="sm:col-span-2"
          />
          <TextField
            name={`${base}.priceText`}
            label={`Precio (${currency})`}
            inputMode="decimal"
            hint={`p. ej. ${formatMoneyText(1_250, currency, locale)}`}
          />
          <TextField
            name={`${base}.taxRateText`}
            label="IVA del plato (%)"
            inputMode="decimal"
            hint="Vacío: el de su categoría"
          />
          <TextField
            name={`${base}.prepMinutesText`}
            label="Preparación (min)"
            inputMode="numeric"
            hint="Vacío: el de su categoría"
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`f-${base}-desc`} className="text-sm font-medium">
            Descripción
          </label>
          <textarea id={`f-${base}-desc`} className="textarea w-full" rows={2} {...register(`${base}.description`)} />
        </div>
        <label className="flex min-h-11 items-center gap-2 text-sm">
          <input type="checkbox" className="checkbox" {...register(`${base}.available`)} /> Disponible
        </label>
        <ProductStation ci={ci} pi={pi} />
        <CheckList name={`${base}.tags`} legend="Etiquetas" values={TAGS} labels={TAG_LABELS} />
        <CheckList name={`${base}.allergens`} legend="Alérgenos (UE)" values={ALLERGENS} labels={ALLERGEN_LABELS} />
        <ImageField ci={ci} pi={pi} venueId={venueId} />
        {isSet ? <SetEditor ci={ci} pi={pi} /> : <OptionGroups ci={ci} pi={pi} />}
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn btn-ghost btn-sm min-h-11" onClick={onDuplicate}>
            {isSet ? 'Duplicar menú' : 'Duplicar plato'}
          </button>
          <button type="button" className="btn btn-ghost btn-sm min-h-11" onClick={onDelete}>
            {isSet ? 'Eliminar menú' : 'Eliminar plato'}
          </button>
          <History venueId={venueId} productId={getValues(`${base}.id`)} currency={currency} locale={locale} />
        </div>
      </div>
    </details>
  );
}
