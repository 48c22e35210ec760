/**
 * `/panel/menu?venue={id}` (docs/rules.md#venue-self-service): the menu editor. react-hook-form holds the venue
 * (money as text); its zod resolver converts it and checks it with the contract's
 * `VenueInput`, then it is published with `PUT /api/venues/{id}`; errors — local or from the API — appear at
 * their fields. Leaving with unsaved changes asks first (use-unsaved-changes.ts). Its parts: fields.tsx
 * (the field primitives), HoursEditor, Stations, SetsOverview («Menús»), Categories (ProductEditor, OptionGroups,
 * SetEditor, AvailabilityEditor),
 * TranslationsEditor, CsvImport (csv.ts); the form model is logic.ts.
 */
import '../../../styles/manage.ts';
import { useEffect, useRef, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { ORDER_MODES, type Venue } from '../../../contract/venue.ts';
import { ORDER_MODE_LABELS } from '../../../contract/labels.ts';
import type { VenueInput } from '../../../contract/manage.ts';
import type { User } from '../../../contract/auth.ts';
import { isAdmin } from '../../../contract/permissions.ts';
import { problemFieldErrors, problemMessage, problemOf } from '../../../lib/http.ts';
import { fetchVenue, saveVenue, venueExists } from '../api.ts';
import { ManageGate } from '../ManageGate.tsx';
import { PageLoading } from '../PageLoad.tsx';
import { PanelNav } from '../PanelNav.tsx';
import { Categories } from './Categories.tsx';
import { SetsOverview } from './SetsOverview.tsx';
import { CsvImport, downloadCsv } from './CsvImport.tsx';
import { menuCsv, mergeCsvRows, type CsvRow } from './csv.ts';
import { CheckList, Section, SelectField, TextField, type Path, type Undo } from './fields.tsx';
import { currencyChoices, localeChoices, timeZoneChoices } from './choices.ts';
import { FiscalData } from './FiscalData.tsx';
import { HoursEditor } from './HoursEditor.tsx';
import { blankVenue, errorPaths, formPath, newVenueName, toForm, venueResolver, type FormValues } from './logic.ts';
import { Stations } from './Stations.tsx';
import { AutoPauseField } from './AutoPauseField.tsx';
import { PickupSettings } from './PickupSettings.tsx';
import { TranslationsEditor } from './TranslationsEditor.tsx';
import { useStickyScrollPadding } from './use-sticky-scroll-padding.ts';
import { useUnsavedChanges } from './use-unsaved-changes.ts';

const resolver = venueResolver();

/** `newName`: an admin opened the editor on a venue to create (`?nombre=`); publishing creates it. */
function Editor({ venueId, newName, user }: { venueId: string; newName?: string; user: User }) {
  const form = useForm<FormValues, unknown, VenueInput>({ mode: 'onSubmit', resolver, shouldFocusError: false });
  const {
    handleSubmit,
    reset,
    setError,
    formState: { isDirty, isSubmitting },
    getValues,
    setValue,
    setFocus,
  } = form;
  const [loaded, setLoaded] = useState<Venue>();
  const [loadError, setLoadError] = useState<string>();
  const [notice, setNotice] = useState<{ kind: 'ok' | 'error'; text: string }>();
  const [undo, setUndo] = useState<Undo>();
  const [isNew, setIsNew] = useState(false);
  const publishBar = useRef<HTMLDivElement>(null);
  useStickyScrollPadding(publishBar, Boolean(loaded));
  useUnsavedChanges(isDirty || isNew);

  useEffect(() => {
    // A new venue (admin, `?nuevo=`): ask whether it exists first, so its expected absence is no 404.
    const existing = newName === undefined ? Promise.resolve(true) : venueExists(venueId);
    existing
      .then((exists) => {
        if (exists)
          return fetchVenue(venueId).then((v) => {
            setLoaded(v);
            reset(toForm(v));
          });
        const blank = blankVenue(venueId, newName!);
        setIsNew(true);
        setLoaded(blank);
        reset(toForm(blank));
      })
      .catch((e: unknown) => setLoadError(problemMessage(e)));
  }, [venueId, newName, reset]);

  /** Opens the dish holding the first error, focuses it and says that nothing was saved. */
  const revealErrors = (paths: string[]) => {
    // The first wrong field on the page (the resolver lists money errors before the contract's).
    const fieldOf = (path: string) => document.querySelector(`[name="${CSS.escape(path)}"]`);
    const first = paths
      .map((path) => ({ path, el: fieldOf(path) }))
      .sort((a, b) => {
        if (!a.el || !b.el) return a.el ? -1 : b.el ? 1 : 0;
        return a.el.compareDocumentPosition(b.el) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1;
      })[0]?.path;
    if (first) {
      const match = /^categories\.(\d+)\.products\.(\d+)/.exec(first);
      if (match) {
        const category = document.querySelectorAll('[data-testid="category-editor"]')[Number(match[1])];
        category?.querySelectorAll('details')[Number(match[2])]?.setAttribute('open', '');
      }
      // The field and its message in the middle of the screen, clear of the header and the publish bar.
      setTimeout(() => {
        try {
          setFocus(first as Path);
        } catch {
          /* not focusable */
        }
        const field = document.activeElement;
        if (field instanceof HTMLElement && field !== document.body) field.scrollIntoView({ block: 'center' });
      }, 0);
    }
    setNotice({
      kind: 'error',
      text: `Revisa ${paths.length === 1 ? 'el campo marcado' : `los ${paths.length} campos marcados`}: no se ha guardado nada.`,
    });
  };

  // The resolver (contract + money) has put its errors at their fields; the API's own go there too.
  const onSubmit = handleSubmit(
    async (venue) => {
      setNotice(undefined);
      try {
        const saved = await saveVenue(venue, { create: isNew });
        setLoaded(saved);
        reset(toForm(saved));
        if (isNew) {
          setIsNew(false);
          history.replaceState(history.state, '', `/panel/menu?venue=${encodeURIComponent(venueId)}`);
        }
        setNotice({
          kind: 'ok',
          text: isNew
            ? `Local publicado. Los clientes ya lo ven en ${location.host}/${venueId}.`
            : 'Menú publicado. Los clientes ya lo ven.',
        });
      } catch (e) {
        const fields = Object.entries(problemFieldErrors(e)).map(
          ([path, messages]) => [formPath(path), messages[0] ?? ''] as const,
        );
        for (const [path, message] of fields) setError(path as Path, { type: 'api', message });
        // Errors about something without a field here (a new venue's id taken meanwhile…): the API's words.
        const shown = fields.filter(([path]) => document.querySelector(`[name="${CSS.escape(path)}"]`));
        if (shown.length) revealErrors(shown.map(([path]) => path));
        else
          setNotice({ kind: 'error', text: (fields.length ? problemOf(e)?.detail : undefined) ?? problemMessage(e) });
      }
    },
    (errors) => revealErrors(errorPaths(errors)),
  );

  if (loadError)
    return (
      <div role="alert" className="alert alert-error">
        {loadError}
      </div>
    );
  if (!loaded) return <PageLoading what="Cargando el menú…" />;

  const importRows = (rows: CsvRow[], addLanguages: string[]) => {
    if (addLanguages.length)
      setValue(
        'languages',
        [...getValues('languages'), ...addLanguages.filter((l) => !getValues('languages').includes(l))],
        { shouldDirty: true },
      );
    setValue('categories', mergeCsvRows(getValues('categories'), rows), { shouldDirty: true });
    setNotice({
      kind: 'ok',
      text: `${rows.length} platos importados al editor. Revisa y pulsa «Publicar cambios» para guardarlos.`,
    });
  };

  return (
    <FormProvider {...form}>
      <form
        onSubmit={(e) => void onSubmit(e)}
        noValidate
        className="flex flex-col gap-4 [&_:is(input,textarea,summary)]:scroll-mt-8"
        aria-labelledby="editor-title"
      >
        <div className="flex flex-wrap items-center gap-2">
          <h1 id="editor-title" className="flex-1 text-2xl font-bold">
            {isNew ? 'Nuevo local' : 'Gestionar menú'} · {loaded.name}
          </h1>
          {!isNew && (
            <a className="btn btn-ghost min-h-11" href={`/${venueId}`}>
              Ver menú
            </a>
          )}
        </div>
        {!isNew && <PanelNav page="/panel/menu" venueId={venueId} user={user} />}
        {isNew && (
          <p className="rounded-box border border-info bg-base-100 p-3">
            Local nuevo, aún sin publicar: añade sus categorías y platos y pulsa «Publicar local». Los clientes lo verán
            en{' '}
            <span className="font-mono">
              {location.host}/{venueId}
            </span>
            .
          </p>
        )}
        <Section title="Datos del local">
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField name="name" label="Nombre del local" />
            <TextField name="tagline" label="Lema" />
            <TextField name="city" label="Ciudad" />
            <TextField name="cuisine" label="Tipo de cocina" hint="p. ej. Tapas, Café, Mexicana" />
            <TextField name="address" label="Dirección" />
            <TextField name="phone" label="Teléfono" type="tel" />
            <SelectField name="currency" label="Moneda" options={currencyChoices(loaded.currency)} />
            <SelectField name="locale" label="Idioma y región" options={localeChoices(loaded.locale)} />
            <SelectField name="timezone" label="Zona horaria" options={timeZoneChoices(loaded.timezone)} />
            <TextField name="minOrderText" label="Pedido mínimo" inputMode="decimal" />
            <TextField name="deliveryFeeText" label="Gastos de envío" inputMode="decimal" />
            <CheckList name="orderModes" legend="Modos de pedido" values={ORDER_MODES} labels={ORDER_MODE_LABELS} />
          </div>
          <div className="mt-3">
            <AutoPauseField />
          </div>
          <div className="mt-3">
            <HoursEditor />
          </div>
        </Section>
        <Section title="Datos fiscales">
          <FiscalData
            venueId={venueId}
            admin={isAdmin(user.scope)}
            saved={{ ...(loaded.legal ? { taxId: loaded.legal.taxId, country: loaded.legal.country } : {}) }}
          />
        </Section>
        <Section title="Cocina y comandas">
          <Stations setUndo={setUndo} />
        </Section>
        <Section title="Pedidos para llevar">
          <PickupSettings />
        </Section>
        <Section title="Menús">
          <SetsOverview />
        </Section>
        <Section title="Categorías y platos">
          <Categories venueId={venueId} setUndo={setUndo} />
        </Section>
        <Section title="Idiomas y traducciones">
          <TranslationsEditor venueId={venueId} setUndo={setUndo} />
        </Section>
        <Section title="Importar y exportar CSV">
          <CsvImport
            onImport={importRows}
            onExport={() => downloadCsv(`${venueId}-carta.csv`, menuCsv(getValues()))}
            languages={() => getValues('languages')}
            currency={loaded.currency}
            locale={loaded.locale}
            stations={() => getValues('stations')}
            takenIds={() => new Set(getValues('categories').flatMap((c) => c.products.map((p) => p.id)))}
          />
        </Section>
        <div
          ref={publishBar}
          data-testid="publish-bar"
          className="sticky bottom-0 z-10 flex flex-wrap items-center gap-3 border-t border-base-300 bg-base-100 p-3"
        >
          <button type="submit" className="btn btn-primary min-h-11" disabled={isSubmitting}>
            {isNew ? 'Publicar local' : 'Publicar cambios'}
          </button>
          <span className="text-sm">
            {isNew ? 'Sin publicar.' : isDirty ? 'Hay cambios sin guardar.' : 'Todo guardado.'}
          </span>
          {undo && (
            <span role="status" className="flex items-center gap-2 text-sm">
              {undo.text}
              <button
                type="button"
                className="btn btn-sm min-h-11"
                onClick={() => {
                  undo.restore();
                  setUndo(undefined);
                }}
              >
                Deshacer
              </button>
            </span>
          )}
        </div>
        {notice && (
          <p
            role={notice.kind === 'error' ? 'alert' : 'status'}
            className={`rounded-box border p-3 ${notice.kind === 'error' ? 'border-error text-error-strong' : 'border-success'}`}
          >
            {notice.text}
          </p>
        )}
      </form>
    </FormProvider>
  );
}

export default function MenuEditor() {
  return (
    <ManageGate page="/panel/menu">
      {(venueId, user, search) => (
        <Editor venueId={venueId} newName={isAdmin(user.scope) ? newVenueName(search) : undefined} user={user} />
      )}
    </ManageGate>
  );
}
