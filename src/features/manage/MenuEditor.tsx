/**
 * `/panel/menu?venue={id}` (docs/rules.md#venue-self-service): the menu editor. react-hook-form holds the venue
 * (money as text); its zod resolver converts it and checks it with the contract's
 * `VenueInput`, then it is published with `PUT /api/venues/{id}`; errors — local or from the API — appear at
 * their fields. Leaving with unsaved changes asks first (beforeunload and in-app links).
 */
import '../../styles/manage.ts';
import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { FormProvider, useFieldArray, useForm, useFormContext, useWatch, type FieldPath } from 'react-hook-form';
import { ALLERGENS, COURSES, ORDER_MODES, TAGS, WEEKDAYS, type Venue } from '../../contract/venue.ts';
import { COURSE_LABELS } from '../../contract/kitchen.ts';
import { MANAGE_LIMITS, type ProductChange, type VenueInput } from '../../contract/manage.ts';
import { problemFieldErrors, problemMessage, problemOf } from '../../lib/http.ts';
import { ALLERGEN_LABELS, TAG_LABELS } from '../../contract/menu-labels.ts';
import { fetchHistory, fetchVenue, saveVenue, uploadImage, venueExists } from './api.ts';
import { ManageGate } from './ManageGate.tsx';
import { PanelNav } from './PanelNav.tsx';
import type { User } from '../../contract/auth.ts';
import { formatMoneyText } from '../../contract/money-text.ts';
import { blankVenue, errorPaths, formPath, menuCsv, newStation, newVenueName, parseMenuCsv, slug, toForm, venueResolver, withoutStation, CSV_ROW_LIMIT, csvLimitMessage, type CsvPreview, type CsvRow, type FormCategory, type FormProduct, type FormValues } from './model.ts';
import { isAdmin } from '../../contract/permissions.ts';
import { PageLoading } from './PageLoad.tsx';
import { TranslationsEditor } from './TranslationsEditor.tsx';
import { languageNameEs } from './translations.ts';

const ERROR_TEXT = 'text-[#a3153a]';
const WEEKDAY_LABELS: Record<(typeof WEEKDAYS)[number], string> = { mon: 'Lunes', tue: 'Martes', wed: 'Miércoles', thu: 'Jueves', fri: 'Viernes', sat: 'Sábado', sun: 'Domingo' };
const MODE_LABELS = { table: 'En la mesa', pickup: 'Para recoger', delivery: 'A domicilio' } as const;
export const UNSAVED_MESSAGE = 'Tienes cambios sin guardar. ¿Salir sin guardarlos?';

type Path = FieldPath<FormValues>;
const resolver = venueResolver();

/** The message at a field, or at a list's `root` (react-hook-form puts a list's own error there). */
function errorAt(errors: object, path: string): string | undefined {
  let node: unknown = errors;
  for (const key of path.split('.')) node = (node as Record<string, unknown> | undefined)?.[key];
  const error = node as { message?: string; root?: { message?: string } } | undefined;
  return error?.message ?? error?.root?.message;
}

function TextField({ name, label, hint, type = 'text', className = '', inputMode }: { name: Path; label: string; hint?: string; type?: string; className?: string; inputMode?: 'decimal' | 'numeric' }) {
  const { register, formState: { errors } } = useFormContext<FormValues>();
  const error = errorAt(errors, name);
  const id = `f-${name.replace(/\./g, '-')}`;
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium">{label}</label>
      <input
        id={id}
        type={type}
        inputMode={inputMode}
        className={`input min-h-11 w-full ${error ? 'input-error' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
        {...register(name)}
      />
      {hint && !error && <p id={`${id}-hint`} className="text-xs text-base-content/80">{hint}</p>}
      {error && <p id={`${id}-error`} className={`text-sm font-medium ${ERROR_TEXT}`}>{error}</p>}
    </div>
  );
}

function CheckList<T extends string>({ name, legend, values, labels }: { name: Path; legend: string; values: readonly T[]; labels: Record<T, string> }) {
  const { register } = useFormContext<FormValues>();
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="text-sm font-medium">{legend}</legend>
      <div className="flex flex-wrap gap-x-3">
        {values.map((v) => (
          <label key={v} className="flex min-h-11 items-center gap-2 text-sm">
            <input type="checkbox" className="checkbox" value={v} {...register(name)} /> {labels[v]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-box border border-base-300 bg-base-100 p-4" aria-label={title}>
      <h2 className="mb-3 text-lg font-bold">{title}</h2>
      {children}
    </section>
  );
}

function HoursEditor() {
  const { control, register } = useFormContext<FormValues>();
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="text-sm font-medium">Horario (si el cierre es antes que la apertura, el tramo pasa de medianoche)</legend>
      {WEEKDAYS.map((day) => <DayHours key={day} day={day} control={control} register={register} />)}
    </fieldset>
  );
}

function DayHours({ day, control, register }: { day: (typeof WEEKDAYS)[number]; control: ReturnType<typeof useFormContext<FormValues>>['control']; register: ReturnType<typeof useFormContext<FormValues>>['register'] }) {
  const { fields, append, remove } = useFieldArray({ control, name: `hours.${day}` as 'hours.mon' });
  return (
    <div className="flex flex-wrap items-center gap-x-2 gap-y-3 border-b border-base-200 py-2">
      <span className="w-24 text-sm font-medium">{WEEKDAY_LABELS[day]}</span>
      {fields.length === 0 && <span className="text-sm">Cerrado</span>}
      {fields.map((f, i) => (
        <span key={f.id} className="flex items-center gap-2">
          <input type="time" aria-label={`${WEEKDAY_LABELS[day]}: apertura ${i + 1}`} className="input min-h-11 w-32" {...register(`hours.${day}.${i}.open` as 'hours.mon.0.open')} />
          <span aria-hidden="true">–</span>
          <input type="time" aria-label={`${WEEKDAY_LABELS[day]}: cierre ${i + 1}`} className="input min-h-11 w-32" {...register(`hours.${day}.${i}.close` as 'hours.mon.0.close')} />
          <button type="button" className="btn btn-ghost btn-sm min-h-11" onClick={() => remove(i)} aria-label={`Quitar tramo ${i + 1} del ${WEEKDAY_LABELS[day].toLowerCase()}`}>✕</button>
        </span>
      ))}
      <button type="button" className="btn btn-ghost btn-sm min-h-11" onClick={() => append({ open: '09:00', close: '17:00' })}>Añadir tramo</button>
    </div>
  );
}

function OptionGroups({ ci, pi }: { ci: number; pi: number }) {
  const { control, formState: { errors } } = useFormContext<FormValues>();
  const base = `categories.${ci}.products.${pi}.optionGroups` as const;
  const { fields, append, remove } = useFieldArray({ control, name: base });
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="text-sm font-medium">Grupos de opciones</legend>
      {fields.map((g, gi) => (
        <div key={g.id} className="rounded-box border border-base-300 p-3">
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            <TextField name={`${base}.${gi}.name`} label="Nombre del grupo" className="col-span-2" />
            <TextField name={`${base}.${gi}.min`} label="Mínimo" type="number" inputMode="numeric" />
            <TextField name={`${base}.${gi}.max`} label="Máximo" type="number" inputMode="numeric" />
          </div>
          <Options ci={ci} pi={pi} gi={gi} />
          {errorAt(errors, `${base}.${gi}.options`) && <p className={`text-sm ${ERROR_TEXT}`}>{errorAt(errors, `${base}.${gi}.options`)}</p>}
          <button type="button" className="btn btn-ghost btn-sm mt-2 min-h-11" onClick={() => remove(gi)}>Quitar grupo</button>
        </div>
      ))}
      <button
        type="button"
        className="btn btn-outline btn-sm min-h-11 self-start"
        onClick={() => append({ id: `grupo-${Date.now().toString(36)}`, name: '', min: 0, max: 1, options: [] })}
      >Añadir grupo de opciones</button>
    </fieldset>
  );
}

function Options({ ci, pi, gi }: { ci: number; pi: number; gi: number }) {
  const { control, register } = useFormContext<FormValues>();
  const base = `categories.${ci}.products.${pi}.optionGroups.${gi}.options` as const;
  const { fields, append, remove } = useFieldArray({ control, name: base });
  return (
    <div className="mt-2 flex flex-col gap-2">
      {fields.map((o, oi) => (
        <div key={o.id} className="flex flex-wrap items-end gap-2">
          <TextField name={`${base}.${oi}.name`} label={`Opción ${oi + 1}`} className="min-w-40 flex-1" />
          <TextField name={`${base}.${oi}.priceDeltaText`} label="Suplemento" inputMode="decimal" className="w-28" />
          <label className="flex min-h-11 items-center gap-2 text-sm"><input type="checkbox" className="checkbox" {...register(`${base}.${oi}.available`)} /> Disponible</label>
          <button type="button" className="btn btn-ghost btn-sm min-h-11" onClick={() => remove(oi)} aria-label={`Quitar opción ${oi + 1}`}>Quitar</button>
          <details className="w-full">
            <summary className="flex min-h-11 cursor-pointer items-center text-sm">Alérgenos de la opción {oi + 1}</summary>
            <CheckList name={`${base}.${oi}.allergens`} legend={`Alérgenos que añade la opción ${oi + 1}`} values={ALLERGENS} labels={ALLERGEN_LABELS} />
          </details>
        </div>
      ))}
      <button type="button" className="btn btn-ghost btn-sm min-h-11 self-start" onClick={() => append({ id: `op-${Date.now().toString(36)}${fields.length}`, name: '', priceDeltaText: '0', available: true, allergens: [] })}>Añadir opción</button>
    </div>
  );
}

/** A refused upload in the API's own words (415 wrong type, 413 too large), else the usual message. */
function uploadError(error: unknown): string {
  const problem = problemOf(error);
  if (problem?.status === 415) return problem.detail ?? 'Formato de imagen no admitido: sube una foto JPEG, PNG, WebP o AVIF.';
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
      setMessage({ error: true, text: `La imagen pesa ${megabytes(file.size)} y el máximo es 8 MB: redúcela o expórtala con más compresión.` });
      input.value = '';
      return;
    }
    setBusy(true);
    setMessage({ error: false, text: 'Subiendo la imagen…' });
    try {
      const uploaded = await uploadImage(venueId, file);
      setValue(name, { src: uploaded.src, width: uploaded.width, height: uploaded.height, placeholder: uploaded.placeholder, alt: productName }, { shouldDirty: true });
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
      {image && <img src={image.src} alt="" width={80} height={60} className="h-15 w-20 rounded object-cover" data-testid="dish-image" />}
      <div className="flex flex-col gap-1">
        <label htmlFor={id} className="text-sm font-medium">Imagen (JPEG, PNG, WebP o AVIF, hasta 8 MB)</label>
        <input id={id} type="file" accept="image/jpeg,image/png,image/webp,image/avif" className="file-input file-input-sm min-h-11" disabled={busy} aria-describedby={`${id}-status`} onChange={(e) => void onFile(e.currentTarget)} />
        <p id={`${id}-status`} role="status" data-testid="image-status" className={`text-sm ${message?.error ? `font-medium ${ERROR_TEXT}` : ''}`}>{message?.text}</p>
      </div>
    </div>
  );
}

function History({ venueId, productId, currency, locale }: { venueId: string; productId: string; currency: string; locale: string }) {
  const [changes, setChanges] = useState<ProductChange[] | string>();
  const show = (c: ProductChange, v: number | boolean) => (c.field === 'price' ? formatMoneyText(v as number, currency, locale) : v ? 'disponible' : 'agotado');
  return (
    <div>
      <button type="button" className="btn btn-ghost btn-sm min-h-11" onClick={() => void fetchHistory(venueId, productId).then((h) => setChanges(h.changes), (err: unknown) => setChanges(problemMessage(err)))}>Ver historial</button>
      {typeof changes === 'string' && <p className="text-sm">{changes}</p>}
      {Array.isArray(changes) && (changes.length === 0 ? <p className="text-sm">Sin cambios registrados.</p> : (
        <ul className="text-sm" aria-label="Historial de cambios">
          {changes.map((c, i) => (
            <li key={i}>{new Date(c.at).toLocaleString('es')} · {c.by.name}: {c.field === 'price' ? 'precio' : 'disponibilidad'} {show(c, c.old)} → {show(c, c.new)}</li>
          ))}
        </ul>
      ))}
    </div>
  );
}

function ProductEditor({ ci, pi, venueId, onDuplicate, onDelete }: { ci: number; pi: number; venueId: string; onDuplicate: () => void; onDelete: () => void }) {
  const { register, control, getValues } = useFormContext<FormValues>();
  const base = `categories.${ci}.products.${pi}` as const;
  const name = useWatch({ control, name: `${base}.name` });
  const currency = getValues('currency');
  const locale = getValues('locale');
  // A new (unnamed) dish opens ready to fill in; after that the person opens and closes it.
  const [initiallyOpen] = useState(() => !getValues(`${base}.name`));
  return (
    <details className="rounded-box border border-base-300 bg-base-100" data-testid="product-editor" open={initiallyOpen || undefined}>
      <summary className="flex min-h-11 min-w-0 cursor-pointer items-center px-3 font-medium"><span className="min-w-0 truncate">{name || 'Plato sin nombre'}</span></summary>
      <div className="flex flex-col gap-3 p-3">
        <div className="grid gap-3 sm:grid-cols-3">
          <TextField name={`${base}.name`} label="Nombre del plato" className="sm:col-span-2" />
          <TextField name={`${base}.priceText`} label={`Precio (${currency})`} inputMode="decimal" hint={`p. ej. ${formatMoneyText(1_250, currency, locale)}`} />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`f-${base}-desc`} className="text-sm font-medium">Descripción</label>
          <textarea id={`f-${base}-desc`} className="textarea w-full" rows={2} {...register(`${base}.description`)} />
        </div>
        <label className="flex min-h-11 items-center gap-2 text-sm"><input type="checkbox" className="checkbox" {...register(`${base}.available`)} /> Disponible</label>
        <ProductStation ci={ci} pi={pi} />
        <CheckList name={`${base}.tags`} legend="Etiquetas" values={TAGS} labels={TAG_LABELS} />
        <CheckList name={`${base}.allergens`} legend="Alérgenos (UE)" values={ALLERGENS} labels={ALLERGEN_LABELS} />
        <ImageField ci={ci} pi={pi} venueId={venueId} />
        <OptionGroups ci={ci} pi={pi} />
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn btn-ghost btn-sm min-h-11" onClick={onDuplicate}>Duplicar plato</button>
          <button type="button" className="btn btn-ghost btn-sm min-h-11" onClick={onDelete}>Eliminar plato</button>
          <History venueId={venueId} productId={getValues(`${base}.id`)} currency={currency} locale={locale} />
        </div>
      </div>
    </details>
  );
}

/** A select of the form (station, course) with its label and its error. */
function SelectField({ name, label, options, className = '' }: { name: Path; label: string; options: ReadonlyArray<{ value: string; label: string }>; className?: string }) {
  const { register, formState: { errors } } = useFormContext<FormValues>();
  const error = errorAt(errors, name);
  const id = `f-${name.replace(/\./g, '-')}`;
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium">{label}</label>
      <select id={id} className={`select min-h-11 w-full ${error ? 'select-error' : ''}`} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} {...register(name)}>
        {options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
      </select>
      {error && <p id={`${id}-error`} className={`text-sm font-medium ${ERROR_TEXT}`}>{error}</p>}
    </div>
  );
}

const COURSE_OPTIONS = [{ value: '', label: 'Sin tiempo (sale al momento)' }, ...COURSES.map((c) => ({ value: c, label: COURSE_LABELS[c] }))];

/**
 * The venue's stations and whether later courses wait for «Marchar» (docs/rules.md#the-kitchen).
 * A station's id is made from its name when it is added and kept on a rename (the kitchen
 * display's address uses it); removing one moves its categories and dishes to the first left.
 */
function KitchenSettings({ setUndo }: { setUndo: (u: Undo) => void }) {
  const { control, getValues, setValue, register, formState: { errors } } = useFormContext<FormValues>();
  const { fields, append } = useFieldArray({ control, name: 'stations', keyName: 'key' });
  const stations = useWatch({ control, name: 'stations' });
  const [draft, setDraft] = useState('');
  const [draftError, setDraftError] = useState<string>();
  const add = () => {
    const station = newStation(draft, getValues('stations'));
    if ('error' in station) { setDraftError(station.error); return; }
    append(station);
    setDraft('');
    setDraftError(undefined);
  };
  const remove = (index: number) => {
    const before = { stations: structuredClone(getValues('stations')), categories: structuredClone(getValues('categories')) };
    const after = withoutStation(before, index);
    if (!after) return;
    setValue('stations', after.stations, { shouldDirty: true });
    setValue('categories', after.categories, { shouldDirty: true });
    setUndo({ text: after.message, restore: () => { setValue('stations', before.stations, { shouldDirty: true }); setValue('categories', before.categories, { shouldDirty: true }); } });
  };
  const listError = errorAt(errors, 'stations');
  return (
    <div className="flex flex-col gap-4">
      <fieldset className="flex flex-col gap-2" aria-describedby="stations-hint">
        <legend className="text-sm font-medium">Estaciones</legend>
        <p id="stations-hint" className="text-sm text-base-content/80">Cada estación (cocina, barra, plancha…) recibe sus comandas y tiene su pantalla de cocina. Los platos sin estación van a la primera.</p>
        <ol className="flex flex-col gap-2" aria-label="Estaciones del local">
          {fields.map((f, i) => (
            <li key={f.key} className="flex flex-wrap items-start gap-2" data-testid="station-row">
              <TextField name={`stations.${i}.name`} label={`Nombre de la estación ${i + 1}`} hint={`Pantalla de cocina: …&estacion=${stations[i]?.id ?? f.id}`} className="min-w-48 flex-1" />
              {fields.length > 1 && (
                <button type="button" className="btn btn-ghost btn-sm mt-6 min-h-11" onClick={() => remove(i)} aria-label={`Quitar la estación ${stations[i]?.name || i + 1}`}>Quitar</button>
              )}
            </li>
          ))}
        </ol>
        {fields.length === 1 && <p className="text-sm">El local necesita al menos una estación.</p>}
        {listError && <p className={`text-sm font-medium ${ERROR_TEXT}`}>{listError}</p>}
        <div className="flex flex-wrap items-start gap-2">
          <div className="flex min-w-48 flex-1 flex-col gap-1">
            <label htmlFor="new-station" className="text-sm font-medium">Nueva estación</label>
            <input
              id="new-station"
              className={`input min-h-11 w-full ${draftError ? 'input-error' : ''}`}
              value={draft}
              aria-invalid={draftError ? true : undefined}
              aria-describedby={draftError ? 'new-station-error' : undefined}
              onChange={(e) => setDraft(e.target.value)}
              onKeyDown={(e) => { if (e.key === 'Enter') { e.preventDefault(); add(); } }}
            />
            {draftError && <p id="new-station-error" className={`text-sm font-medium ${ERROR_TEXT}`}>{draftError}</p>}
          </div>
          <button type="button" className="btn btn-outline btn-sm mt-6 min-h-11" onClick={add}>Añadir estación</button>
        </div>
      </fieldset>
      <label className="flex min-h-11 items-start gap-2 text-sm">
        <input type="checkbox" className="checkbox mt-0.5" aria-describedby="hold-courses-hint" {...register('holdCourses')} />
        <span>
          Retener los tiempos en las mesas
          <span id="hold-courses-hint" className="block text-base-content/80">Las bebidas y el primer tiempo salen al momento; los siguientes esperan a «Marchar» en el panel. Sin marcar, todo sale a la vez.</span>
        </span>
      </label>
    </div>
  );
}

/** The station a category's dishes go to, and its course. */
function CategoryKitchen({ ci }: { ci: number }) {
  const { control } = useFormContext<FormValues>();
  const stations = useWatch({ control, name: 'stations' });
  const first = stations[0];
  const options = [{ value: '', label: `La primera (${first?.name ?? ''})` }, ...stations.map((s) => ({ value: s.id, label: s.name }))];
  return (
    <div className="mt-2 grid gap-2 sm:grid-cols-2">
      <SelectField name={`categories.${ci}.station`} label="Estación de la categoría" options={options} />
      <SelectField name={`categories.${ci}.course`} label="Tiempo" options={COURSE_OPTIONS} />
    </div>
  );
}

/** The station of one dish: its category's, or another. */
function ProductStation({ ci, pi }: { ci: number; pi: number }) {
  const { control } = useFormContext<FormValues>();
  const stations = useWatch({ control, name: 'stations' });
  const categoryStation = useWatch({ control, name: `categories.${ci}.station` });
  const ofCategory = stations.find((s) => s.id === categoryStation) ?? stations[0];
  const options = [{ value: '', label: `La de su categoría (${ofCategory?.name ?? ''})` }, ...stations.map((s) => ({ value: s.id, label: s.name }))];
  return <SelectField name={`categories.${ci}.products.${pi}.station`} label="Estación" options={options} className="sm:max-w-xs" />;
}

interface Undo { text: string; restore: () => void }

/**
 * A field reached by the keyboard (or focused because of an error) never ends up under the
 * sticky publish bar or the sticky site header: the page's scroll padding follows their
 * heights (the bar grows when it wraps on a phone or shows «Deshacer»).
 */
function useStickyScrollPadding(bar: RefObject<HTMLElement | null>, ready: boolean) {
  useEffect(() => {
    const el = bar.current;
    if (!ready || !el) return;
    const root = document.documentElement;
    const header = document.querySelector<HTMLElement>('body > header');
    const GAP = 8;
    const update = () => {
      root.style.scrollPaddingTop = `${(header?.offsetHeight ?? 0) + GAP}px`;
      root.style.scrollPaddingBottom = `${el.offsetHeight + GAP}px`;
    };
    const observer = new ResizeObserver(update);
    observer.observe(el);
    if (header) observer.observe(header);
    update();
    // Chromium reveals a focused textarea by its caret line only: a field left half under a
    // bar comes out whole (one far away is being scrolled to by the browser or the editor).
    const onFocus = (event: FocusEvent) => {
      const target = event.target;
      if (!(target instanceof HTMLElement) || el.contains(target)) return;
      requestAnimationFrame(() => {
        const box = target.getBoundingClientRect();
        const barTop = el.getBoundingClientRect().top;
        const headerBottom = header?.getBoundingClientRect().bottom ?? 0;
        if ((box.top < barTop && box.bottom > barTop) || (box.top < headerBottom && box.bottom > headerBottom)) target.scrollIntoView({ block: 'nearest' });
      });
    };
    document.addEventListener('focusin', onFocus);
    return () => {
      document.removeEventListener('focusin', onFocus);
      observer.disconnect();
      root.style.scrollPaddingTop = '';
      root.style.scrollPaddingBottom = '';
    };
  }, [bar, ready]);
}

function Products({ ci, venueId, setUndo }: { ci: number; venueId: string; setUndo: (u: Undo) => void }) {
  const { control, getValues } = useFormContext<FormValues>();
  const { fields, append, remove, insert } = useFieldArray({ control, name: `categories.${ci}.products` });
  const allIds = () => new Set(getValues('categories').flatMap((c) => c.products.map((p) => p.id)));
  return (
    <div className="flex flex-col gap-2">
      {fields.map((p, pi) => (
        <ProductEditor
          key={p.id}
          ci={ci}
          pi={pi}
          venueId={venueId}
          onDuplicate={() => {
            const copy = structuredClone(getValues(`categories.${ci}.products.${pi}`));
            insert(pi + 1, { ...copy, id: slug(copy.name || 'plato', allIds()), name: `${copy.name} (copia)`.slice(0, 80) });
          }}
          onDelete={() => {
            const removed = structuredClone(getValues(`categories.${ci}.products.${pi}`));
            remove(pi);
            setUndo({ text: `Plato «${removed.name}» eliminado.`, restore: () => insert(pi, removed) });
          }}
        />
      ))}
      <button
        type="button"
        className="btn btn-outline btn-sm min-h-11 self-start"
        onClick={() => append({ id: slug(`plato-${Date.now().toString(36)}`, allIds()), name: '', description: '', priceText: '', tags: [], allergens: [], available: true, optionGroups: [], station: '' } satisfies FormProduct)}
      >Añadir plato</button>
    </div>
  );
}

function Categories({ venueId, setUndo }: { venueId: string; setUndo: (u: Undo) => void }) {
  const { control, getValues, register } = useFormContext<FormValues>();
  const { fields, append, remove, insert, move } = useFieldArray({ control, name: 'categories' });
  const [dragFrom, setDragFrom] = useState<number>();
  const [announce, setAnnounce] = useState('');
  const names = useWatch({ control, name: 'categories' });
  const moveTo = (from: number, to: number, keepFocus?: 'up' | 'down') => {
    if (to < 0 || to >= fields.length || from === to) return;
    move(from, to);
    setAnnounce(`«${names[from]?.name ?? ''}» ahora está en la posición ${to + 1} de ${fields.length}.`);
    // Keyboard: focus stays on the moved category's button (or its other one at either end).
    if (keepFocus) {
      setTimeout(() => {
        const same = document.getElementById(`cat-${keepFocus}-${to}`) as HTMLButtonElement | null;
        const other = document.getElementById(`cat-${keepFocus === 'up' ? 'down' : 'up'}-${to}`) as HTMLButtonElement | null;
        (same && !same.disabled ? same : other)?.focus();
      }, 0);
    }
  };
  return (
    <div className="flex flex-col gap-3">
      <p role="status" aria-live="polite" className="sr-only">{announce}</p>
      <ol className="flex flex-col gap-3" aria-label="Categorías">
        {fields.map((c, ci) => {
          const label = (names[ci]?.name || `Categoría ${ci + 1}`).slice(0, 80);
          return (
            <li
              key={c.id}
              className={`rounded-box border border-base-300 bg-base-200 p-3 ${dragFrom === ci ? 'opacity-60' : ''}`}
              data-testid="category-editor"
              onDragOver={(e) => e.preventDefault()}
              onDrop={() => { if (dragFrom !== undefined) moveTo(dragFrom, ci); setDragFrom(undefined); }}
            >
              <div className="flex flex-wrap items-end gap-2">
                <span draggable onDragStart={() => setDragFrom(ci)} onDragEnd={() => setDragFrom(undefined)} className="cursor-grab select-none px-1 text-xl" aria-hidden="true" title="Arrastra para ordenar">⠿</span>
                <TextField name={`categories.${ci}.name`} label="Nombre de la categoría" className="min-w-48 flex-1" />
                <div className="flex flex-col gap-1">
                  <label className="text-sm font-medium" htmlFor={`cat-from-${ci}`}>Desde (opcional)</label>
                  <input id={`cat-from-${ci}`} type="time" className="input min-h-11 w-36" {...register(`categories.${ci}.availableFrom`)} />
                </div>
                <div className="flex flex-col gap-1">
                  <label className="text-sm font-medium" htmlFor={`cat-until-${ci}`}>Hasta</label>
                  <input id={`cat-until-${ci}`} type="time" className="input min-h-11 w-36" {...register(`categories.${ci}.availableUntil`)} />
                </div>
              </div>
              <CategoryKitchen ci={ci} />
              <div className="mt-2 flex flex-wrap gap-2">
                <button type="button" id={`cat-up-${ci}`} className="btn btn-ghost btn-sm min-h-11" disabled={ci === 0} onClick={() => moveTo(ci, ci - 1, 'up')} aria-label={`Subir ${label}`}><span aria-hidden="true">↑</span> Subir</button>
                <button type="button" id={`cat-down-${ci}`} className="btn btn-ghost btn-sm min-h-11" disabled={ci === fields.length - 1} onClick={() => moveTo(ci, ci + 1, 'down')} aria-label={`Bajar ${label}`}><span aria-hidden="true">↓</span> Bajar</button>
                <button
                  type="button"
                  className="btn btn-ghost btn-sm min-h-11"
                  aria-label={`Eliminar categoría ${label}`}
                  onClick={() => {
                    const removed = structuredClone(getValues(`categories.${ci}`));
                    remove(ci);
                    setUndo({ text: `Categoría «${removed.name}» eliminada.`, restore: () => insert(ci, removed) });
                  }}
                >Eliminar categoría</button>
              </div>
              <div className="mt-3"><Products ci={ci} venueId={venueId} setUndo={setUndo} /></div>
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        className="btn btn-outline min-h-11 self-start"
        onClick={() => append({ id: slug(`categoria-${Date.now().toString(36)}`, new Set(getValues('categories').map((c) => c.id))), name: '', availableFrom: '', availableUntil: '', station: '', course: '', products: [] } satisfies FormCategory)}
      >Añadir categoría</button>
    </div>
  );
}

function CsvImport({ onImport, onExport, currency, locale, stations, languages, takenIds }: { onImport: (rows: CsvRow[], addLanguages: string[]) => void; onExport: () => void; currency: string; locale: string; stations: () => Venue['stations']; languages: () => string[]; takenIds: () => Set<string> }) {
  const [preview, setPreview] = useState<CsvPreview>();
  const rows = preview?.rows;
  // A column in a language umenu does not know stops the whole file: nothing is imported half.
  const blocked = Boolean(preview?.fileErrors?.length);
  const good = blocked ? [] : (rows?.filter((r) => r.product) ?? []);
  const others = languages().slice(1);
  const cut = preview !== undefined && preview.total > CSV_ROW_LIMIT;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <button type="button" className="btn btn-outline btn-sm min-h-11" onClick={onExport}>Exportar CSV</button>
        <span className="text-sm">La carta actual del editor, con las mismas columnas que acepta la importación.</span>
      </div>
      <label htmlFor="csv-file" className="text-sm font-medium">
        Archivo CSV (columnas: category,name,description,price,allergens,tags y, si quieres, station; traducciones: name_en, description_en, category_en… con el código de cada idioma{others.length ? `, p. ej. ${others.map((l) => `name_${l}`).join(', ')}` : ''})
      </label>
      <input
        id="csv-file"
        type="file"
        accept=".csv,text/csv"
        className="file-input min-h-11"
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) void file.text().then((text) => setPreview(parseMenuCsv(text, { currency, locale, stations: stations(), languages: languages() }, takenIds())));
        }}
      />
      {rows && (
        <div>
          {cut && <p role="alert" className="mb-2 rounded-box border border-warning bg-[#fff4d6] p-3 text-sm" data-testid="csv-limit">{csvLimitMessage(preview.total)}</p>}
          {blocked && (
            <div role="alert" className={`mb-2 rounded-box border border-error p-3 text-sm ${ERROR_TEXT}`} data-testid="csv-language-errors">
              {preview.fileErrors!.map((message) => <p key={message}>{message}</p>)}
            </div>
          )}
          {!blocked && preview.addLanguages && (
            <p className="mb-2 rounded-box border border-info p-3 text-sm" data-testid="csv-languages">
              El archivo trae traducciones en {preview.addLanguages.map((l) => languageNameEs(l).toLowerCase()).join(' y ')}: al importar, la carta tendrá también {preview.addLanguages.length === 1 ? 'ese idioma' : 'esos idiomas'}.
            </p>
          )}
          <table className="table table-sm" aria-label="Vista previa del CSV">
            <thead className="text-base-content"><tr><th scope="col" className="text-base-content">Fila</th><th scope="col" className="text-base-content">Categoría</th><th scope="col" className="text-base-content">Plato</th><th scope="col" className="text-base-content">Estado</th></tr></thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.line}>
                  <td>{r.line}</td>
                  <td>{r.category}</td>
                  <td>{r.product ? `${r.product.name} · ${r.product.priceText}` : r.name || '—'}</td>
                  <td className={r.errors.length ? ERROR_TEXT : ''}>{r.errors.length ? r.errors.join('; ') : 'Correcta'}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="mt-2 text-sm" data-testid="csv-summary">
            {blocked ? 'Corrige la cabecera y vuelve a elegir el archivo. ' : ''}{cut ? `De las primeras ${CSV_ROW_LIMIT} filas: ` : ''}{good.length} filas correctas y {rows.length - good.length} con errores (no se importarán). Nada se guarda hasta que confirmes y publiques.
          </p>
          <div className="mt-2 flex gap-2">
            <button type="button" className="btn btn-primary btn-sm min-h-11" disabled={!good.length} onClick={() => { onImport(good, preview.addLanguages ?? []); setPreview(undefined); }}>Importar {good.length} platos</button>
            <button type="button" className="btn btn-ghost btn-sm min-h-11" onClick={() => setPreview(undefined)}>Cancelar</button>
          </div>
        </div>
      )}
    </div>
  );
}

/** Saves `text` as a file (with a BOM: spreadsheet programs then read the accents right). */
function downloadCsv(name: string, text: string) {
  const url = URL.createObjectURL(new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** `newName`: an admin opened the editor on a venue to create (`?nombre=`); publishing creates it. */
function Editor({ venueId, newName, user }: { venueId: string; newName?: string; user: User }) {
  const form = useForm<FormValues, unknown, VenueInput>({ mode: 'onSubmit', resolver, shouldFocusError: false });
  const { handleSubmit, reset, setError, formState: { isDirty, isSubmitting }, getValues, setValue, setFocus } = form;
  const [loaded, setLoaded] = useState<Venue>();
  const [loadError, setLoadError] = useState<string>();
  const [notice, setNotice] = useState<{ kind: 'ok' | 'error'; text: string }>();
  const [undo, setUndo] = useState<Undo>();
  const [isNew, setIsNew] = useState(false);
  const dirty = useRef(false);
  const publishBar = useRef<HTMLDivElement>(null);
  useStickyScrollPadding(publishBar, Boolean(loaded));
  useEffect(() => {
    dirty.current = isDirty || isNew;
  }, [isDirty, isNew]);

  useEffect(() => {
    // A new venue (admin, `?nuevo=`): ask whether it exists first, so its expected absence is no 404.
    const existing = newName === undefined ? Promise.resolve(true) : venueExists(venueId);
    existing.then((exists) => {
      if (exists) return fetchVenue(venueId).then((v) => { setLoaded(v); reset(toForm(v)); });
      const blank = blankVenue(venueId, newName!);
      setIsNew(true);
      setLoaded(blank);
      reset(toForm(blank));
    }).catch((e: unknown) => setLoadError(problemMessage(e)));
  }, [venueId, newName, reset]);

  // Unsaved changes: the browser asks on reload/close; in-app links ask here.
  useEffect(() => {
    const onBeforeUnload = (e: BeforeUnloadEvent) => { if (dirty.current) { e.preventDefault(); e.returnValue = ''; } };
    const onClick = (e: MouseEvent) => {
      const link = (e.target as Element | null)?.closest?.('a[href]');
      if (!link || !dirty.current || e.defaultPrevented) return;
      if (!confirm(UNSAVED_MESSAGE)) { e.preventDefault(); e.stopImmediatePropagation(); }
      else dirty.current = false;
    };
    addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => { removeEventListener('beforeunload', onBeforeUnload); document.removeEventListener('click', onClick, true); };
  }, []);

  /** Opens the dish holding the first error, focuses it and says that nothing was saved. */
  const revealErrors = (paths: string[]) => {
    // The first wrong field on the page (the resolver lists money errors before the contract's).
    const fieldOf = (path: string) => document.querySelector(`[name="${CSS.escape(path)}"]`);
    const first = paths.map((path) => ({ path, el: fieldOf(path) })).sort((a, b) => {
      if (!a.el || !b.el) return a.el ? -1 : b.el ? 1 : 0;
      return a.el.compareDocumentPosition(b.el) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1;
    })[0]?.path;
    if (first) {
      const match = /^categories\.(\d+)\.products\.(\d+)/.exec(first);
      if (match) document.querySelectorAll('[data-testid="category-editor"]')[Number(match[1])]?.querySelectorAll('details')[Number(match[2])]?.setAttribute('open', '');
      // The field and its message in the middle of the screen, clear of the header and the publish bar.
      setTimeout(() => {
        try { setFocus(first as Path); } catch { /* not focusable */ }
        const field = document.activeElement;
        if (field instanceof HTMLElement && field !== document.body) field.scrollIntoView({ block: 'center' });
      }, 0);
    }
    setNotice({ kind: 'error', text: `Revisa ${paths.length === 1 ? 'el campo marcado' : `los ${paths.length} campos marcados`}: no se ha guardado nada.` });
  };

  // The resolver (contract + money) has put its errors at their fields; the API's own go there too.
  const onSubmit = handleSubmit(async (venue) => {
    setNotice(undefined);
    try {
      const saved = await saveVenue(venue, { create: isNew });
      setLoaded(saved);
      reset(toForm(saved));
      if (isNew) {
        setIsNew(false);
        history.replaceState(history.state, '', `/panel/menu?venue=${encodeURIComponent(venueId)}`);
      }
      setNotice({ kind: 'ok', text: isNew ? `Local publicado. Los clientes ya lo ven en ${location.host}/${venueId}.` : 'Menú publicado. Los clientes ya lo ven.' });
    } catch (e) {
      const fields = Object.entries(problemFieldErrors(e)).map(([path, messages]) => [formPath(path), messages[0] ?? ''] as const);
      for (const [path, message] of fields) setError(path as Path, { type: 'api', message });
      // Errors about something without a field here (a new venue's id taken meanwhile…): the API's words.
      const shown = fields.filter(([path]) => document.querySelector(`[name="${CSS.escape(path)}"]`));
      if (shown.length) revealErrors(shown.map(([path]) => path));
      else setNotice({ kind: 'error', text: (fields.length ? problemOf(e)?.detail : undefined) ?? problemMessage(e) });
    }
  }, (errors) => revealErrors(errorPaths(errors)));

  if (loadError) return <div role="alert" className="alert alert-error">{loadError}</div>;
  if (!loaded) return <PageLoading what="Cargando el menú…" />;

  const importRows = (rows: CsvRow[], addLanguages: string[]) => {
    const categories = structuredClone(getValues('categories'));
    const ids = new Set(categories.map((c) => c.id));
    for (const row of rows) {
      let cat = categories.find((c) => c.name.trim().toLowerCase() === row.category.toLowerCase());
      if (!cat) {
        cat = { id: slug(row.category, ids), name: row.category, availableFrom: '', availableUntil: '', station: '', course: '', products: [] };
        ids.add(cat.id);
        categories.push(cat);
      }
      // A category's name in other languages (`category_en`): filled where it has none yet.
      for (const [lang, words] of Object.entries(row.categoryTranslations ?? {})) {
        if (words.name && !cat.translations?.[lang]?.name) cat.translations = { ...cat.translations, [lang]: { ...cat.translations?.[lang], name: words.name } };
      }
      cat.products.push({ ...row.product!, station: row.product!.station ?? '' });
    }
    if (addLanguages.length) setValue('languages', [...getValues('languages'), ...addLanguages.filter((l) => !getValues('languages').includes(l))], { shouldDirty: true });
    setValue('categories', categories, { shouldDirty: true });
    setNotice({ kind: 'ok', text: `${rows.length} platos importados al editor. Revisa y pulsa «Publicar cambios» para guardarlos.` });
  };

  return (
    <FormProvider {...form}>
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-col gap-4 [&_:is(input,textarea,summary)]:scroll-mt-8" aria-labelledby="editor-title">
        <div className="flex flex-wrap items-center gap-2">
          <h1 id="editor-title" className="flex-1 text-2xl font-bold">{isNew ? 'Nuevo local' : 'Gestionar menú'} · {loaded.name}</h1>
          {!isNew && <a className="btn btn-ghost min-h-11" href={`/${venueId}`}>Ver menú</a>}
        </div>
        {!isNew && <PanelNav page="/panel/menu" venueId={venueId} user={user} />}
        {isNew && <p className="rounded-box border border-info bg-base-100 p-3">Local nuevo, aún sin publicar: añade sus categorías y platos y pulsa «Publicar local». Los clientes lo verán en <span className="font-mono">{location.host}/{venueId}</span>.</p>}
        <Section title="Datos del local">
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField name="name" label="Nombre del local" />
            <TextField name="tagline" label="Lema" />
            <TextField name="city" label="Ciudad" />
            <TextField name="cuisine" label="Tipo de cocina" hint="p. ej. Tapas, Café, Mexicana" />
            <TextField name="address" label="Dirección" />
            <TextField name="phone" label="Teléfono" type="tel" />
            <TextField name="currency" label="Moneda (ISO 4217)" hint="EUR, MXN, COP…" />
            <TextField name="locale" label="Idioma y región" hint="p. ej. es-ES" />
            <TextField name="timezone" label="Zona horaria" hint="p. ej. Europe/Madrid" />
            <TextField name="minOrderText" label="Pedido mínimo" inputMode="decimal" />
            <TextField name="deliveryFeeText" label="Gastos de envío" inputMode="decimal" />
            <CheckList name="orderModes" legend="Modos de pedido" values={ORDER_MODES} labels={MODE_LABELS} />
          </div>
          <div className="mt-3"><HoursEditor /></div>
        </Section>
        <Section title="Cocina y comandas">
          <KitchenSettings setUndo={setUndo} />
        </Section>
        <Section title="Categorías y platos">
          <Categories venueId={venueId} setUndo={setUndo} />
        </Section>
        <Section title="Idiomas y traducciones">
          <TranslationsEditor venueId={venueId} setUndo={setUndo} />
        </Section>
        <Section title="Importar y exportar CSV">
          <CsvImport onImport={importRows} onExport={() => downloadCsv(`${venueId}-carta.csv`, menuCsv(getValues()))} languages={() => getValues('languages')} currency={loaded.currency} locale={loaded.locale} stations={() => getValues('stations')} takenIds={() => new Set(getValues('categories').flatMap((c) => c.products.map((p) => p.id)))} />
        </Section>
        <div ref={publishBar} data-testid="publish-bar" className="sticky bottom-0 z-10 flex flex-wrap items-center gap-3 border-t border-base-300 bg-base-100 p-3">
          <button type="submit" className="btn btn-primary min-h-11" disabled={isSubmitting}>{isNew ? 'Publicar local' : 'Publicar cambios'}</button>
          <span className="text-sm">{isNew ? 'Sin publicar.' : isDirty ? 'Hay cambios sin guardar.' : 'Todo guardado.'}</span>
          {undo && (
            <span role="status" className="flex items-center gap-2 text-sm">
              {undo.text}
              <button type="button" className="btn btn-sm min-h-11" onClick={() => { undo.restore(); setUndo(undefined); }}>Deshacer</button>
            </span>
          )}
        </div>
        {notice && (
          <p role={notice.kind === 'error' ? 'alert' : 'status'} className={`rounded-box border p-3 ${notice.kind === 'error' ? `border-error ${ERROR_TEXT}` : 'border-success'}`}>{notice.text}</p>
        )}
      </form>
    </FormProvider>
  );
}

export default function MenuEditor() {
  return (
    <ManageGate page="/panel/menu">
      {(venueId, user, search) => <Editor venueId={venueId} newName={isAdmin(user.scope) ? newVenueName(search) : undefined} user={user} />}
    </ManageGate>
  );
}
