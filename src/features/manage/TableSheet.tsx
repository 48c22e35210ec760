/**
 * `/panel/mesas?venue={id}` (docs/rules.md#venue-self-service): one printable card per table — venue name,
 * "Mesa {label}", the table's QR code (uqr, SVG as an image) and one line of instructions.
 * Managers add and remove tables (saved in the venue with PUT), renew a table's code and name its zone («Terraza»,
 * «Sala»: the floor view groups the tables by it, docs/rules.md#the-floor).
 */
import '../../styles/manage.ts';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { renderSVG } from 'uqr';
import { problemMessage } from '../../lib/http.ts';
import type { Venue } from '../../contract/venue.ts';
import type { TableLink } from '../../contract/manage.ts';
import { fetchTables, fetchVenue, rotateTableToken, saveVenue, setTableZone } from './api.ts';
import { ManageGate } from './ManageGate.tsx';
import { PanelNav } from './PanelNav.tsx';
import { CopyLink } from './CopyLink.tsx';
import type { User } from '../../contract/auth.ts';
import { PageLoadFailed, PageLoading } from './PageLoad.tsx';
import { newTableLabels, tablesAddedText } from './logic.ts';

export const QR_INSTRUCTIONS = 'Escanea el código con la cámara del móvil para ver el menú y pedir desde esta mesa.';

const qrImage = (url: string) =>
  `data:image/svg+xml;charset=utf-8,${encodeURIComponent(renderSVG(url, { border: 2, ecc: 'M' }))}`;

function Sheet({ venueId, user }: { venueId: string; user: User }) {
  const [venue, setVenue] = useState<Venue>();
  const [tables, setTables] = useState<TableLink[]>();
  const [error, setError] = useState<string>();
  const [status, setStatus] = useState('');
  const [newLabel, setNewLabel] = useState('');
  const [labelError, setLabelError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      const [v, t] = await Promise.all([fetchVenue(venueId), fetchTables(venueId)]);
      setVenue(v);
      setTables(t);
      setError(undefined);
    } catch (e) {
      setError(problemMessage(e));
    }
  }, [venueId]);
  useEffect(() => {
    let current = true;
    Promise.all([fetchVenue(venueId), fetchTables(venueId)]).then(
      ([v, t]) => {
        if (!current) return;
        setVenue(v);
        setTables(t);
        setError(undefined);
      },
      (e: unknown) => {
        if (current) setError(problemMessage(e));
      },
    );
    return () => {
      current = false;
    };
  }, [venueId]);

  async function saveTables(next: string[], done: string) {
    if (!venue) return;
    setBusy(true);
    try {
      const saved = await saveVenue({ ...venue, tables: next });
      setVenue(saved);
      setTables(await fetchTables(venueId));
      setStatus(done);
      return true;
    } catch (e) {
      setStatus('');
      setLabelError(problemMessage(e));
      return false;
    } finally {
      setBusy(false);
    }
  }

  async function addTable(event: FormEvent) {
    event.preventDefault();
    setLabelError(undefined);
    const typed = newTableLabels(newLabel, venue?.tables ?? []);
    if ('error' in typed) return setLabelError(typed.error);
    if (await saveTables([...(venue?.tables ?? []), ...typed.labels], tablesAddedText(typed.labels, typed.skipped)))
      setNewLabel('');
  }

  async function removeTable(label: string) {
    if (!confirm(`¿Quitar la mesa ${label}? Su código QR dejará de servir.`)) return;
    await saveTables(
      (venue?.tables ?? []).filter((t) => t !== label),
      `Mesa ${label} quitada.`,
    );
  }

  async function renew(label: string) {
    if (
      !confirm(
        `¿Renovar el código de la mesa ${label}? El código impreso dejará de abrir la mesa: tendrás que imprimirlo de nuevo.`,
      )
    )
      return;
    try {
      const link = await rotateTableToken(venueId, label);
      setTables((list) => list?.map((t) => (t.label === label ? link : t)));
      setStatus(`Código de la mesa ${label} renovado. Imprime su tarjeta de nuevo.`);
    } catch (e) {
      setStatus(problemMessage(e));
    }
  }

  async function saveZone(event: FormEvent<HTMLFormElement>, label: string) {
    event.preventDefault();
    const raw = new FormData(event.currentTarget).get('zone');
    const typed = typeof raw === 'string' ? raw.trim() : '';
    try {
      const link = await setTableZone(venueId, label, typed || null);
      setTables((list) => list?.map((t) => (t.label === label ? link : t)));
      setStatus(link.zone ? `Mesa ${label}: zona «${link.zone}» guardada.` : `Mesa ${label}: sin zona.`);
    } catch (e) {
      setStatus(problemMessage(e));
    }
  }

  if (error) {
    return <PageLoadFailed message={error} onRetry={() => void load()} />;
  }
  if (!venue || !tables) {
    return <PageLoading what="Cargando las mesas…" />;
  }

  return (
    <div className="qr-page">
      <div className="no-print mb-4 flex flex-col gap-3">
        <h1 className="text-2xl font-bold">Mesas y QR · {venue.name}</h1>
        <PanelNav page="/panel/mesas" venueId={venueId} user={user} />
        <p>Imprime las tarjetas y colócalas en cada mesa. Cada código abre el menú con la mesa ya elegida.</p>
        <div className="flex flex-wrap items-end gap-3">
          <button type="button" className="btn btn-primary min-h-11" onClick={() => print()}>
            Imprimir
          </button>
        </div>
        <form className="flex flex-wrap items-end gap-2" onSubmit={(e) => void addTable(e)} noValidate>
          <label className="flex flex-col gap-1">
            <span className="text-sm font-medium">Nueva mesa</span>
            <span id="new-table-hint" className="text-xs">
              Una («12», «Terraza 5») o varias: «1–30».
            </span>
            <input
              className={`input min-h-11 ${labelError ? 'input-error' : ''}`}
              value={newLabel}
              maxLength={40}
              onChange={(e) => setNewLabel(e.target.value)}
              aria-invalid={labelError ? true : undefined}
              aria-describedby={labelError ? 'new-table-error' : 'new-table-hint'}
              placeholder="p. ej. 12 o 1–30"
            />
          </label>
          <button type="submit" className="btn btn-outline min-h-11" disabled={busy}>
            {/\d\s*[-–—]\s*\d/.test(newLabel) ? 'Añadir mesas' : 'Añadir mesa'}
          </button>
          {labelError && (
            <p id="new-table-error" className="w-full text-sm text-error-strong">
              {labelError}
            </p>
          )}
        </form>
        <p role="status" aria-live="polite" className="min-h-6 text-sm">
          {status}
        </p>
      </div>
      {tables.length === 0 ? (
        <p className="no-print">Este local todavía no tiene mesas. Añade la primera.</p>
      ) : (
        <ul className="qr-grid grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Tarjetas de las mesas">
          {tables.map((t) => (
            <li
              key={t.label}
              className="qr-card flex flex-col items-center gap-2 rounded-box border border-base-300 bg-base-100 p-4 text-center"
              data-table={t.label}
            >
              <p className="text-sm font-semibold uppercase tracking-wide">{venue.name}</p>
              <h2 className="text-2xl font-bold">Mesa {t.label}</h2>
              <img
                src={qrImage(t.url)}
                alt={`Código QR de la mesa ${t.label}`}
                width={220}
                height={220}
                className="qr-code size-[220px] bg-white"
              />
              <p className="text-sm">{QR_INSTRUCTIONS}</p>
              <div className="no-print w-full text-left">
                <CopyLink url={t.url} label={`Enlace de la mesa ${t.label}`} compact />
              </div>
              <form
                className="no-print flex w-full items-end gap-2 text-left"
                onSubmit={(e) => void saveZone(e, t.label)}
                noValidate
              >
                <label className="flex grow flex-col gap-1">
                  <span className="text-sm font-medium">Zona</span>
                  <input
                    name="zone"
                    className="input min-h-11 w-full"
                    defaultValue={t.zone ?? ''}
                    maxLength={40}
                    placeholder="p. ej. Terraza"
                    aria-label={`Zona de la mesa ${t.label}`}
                  />
                </label>
                <button
                  type="submit"
                  className="btn btn-outline btn-sm min-h-11"
                  aria-label={`Guardar la zona de la mesa ${t.label}`}
                >
                  Guardar
                </button>
              </form>
              <div className="no-print flex flex-wrap justify-center gap-2">
                <button
                  type="button"
                  className="btn btn-sm min-h-11"
                  onClick={() => void renew(t.label)}
                  aria-label={`Renovar código de la mesa ${t.label}`}
                >
                  Renovar código
                </button>
                <button
                  type="button"
                  className="btn btn-ghost btn-sm min-h-11"
                  onClick={() => void removeTable(t.label)}
                  aria-label={`Quitar la mesa ${t.label}`}
                  disabled={busy}
                >
                  Quitar
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export default function TableSheet() {
  return <ManageGate page="/panel/mesas">{(venueId, user) => <Sheet venueId={venueId} user={user} />}</ManageGate>;
}
