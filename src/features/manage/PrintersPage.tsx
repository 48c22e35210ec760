/**
 * `/panel/impresoras?venue={id}`: the venue's kitchen printers. A manager maps each printer (its
 * address in the restaurant's network) to a station, sees whether the print agent reaches it
 * («Impresora Barra sin conexión»), and creates the print agent's token (shown once, with the
 * command that starts the agent) or revokes one. API: server/README.md, "Printing".
 */
import '../../styles/manage.ts';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import type { User } from '../../contract/auth.ts';
import type { Station } from '../../contract/venue.ts';
import { stationsOf } from '../../contract/kitchen.ts';
import { DEFAULT_PRINTER_PORT, type Printer, type PrintAgent } from '../../contract/printing.ts';
import { loadConfig } from '../../lib/config.ts';
import { problemFieldErrors, problemMessage, problemOf } from '../../lib/http.ts';
import {
  createPrintAgent,
  fetchPrintAgents,
  fetchPrinters,
  fetchVenue,
  revokePrintAgent,
  savePrinters,
} from './api.ts';
import { CopyLink } from './CopyLink.tsx';
import { ManageGate } from './ManageGate.tsx';
import { PanelNav } from './PanelNav.tsx';
import { PageLoadFailed, PageLoading } from './PageLoad.tsx';

const ERROR_TEXT = 'text-error-strong';
const detailOf = (e: unknown) => problemOf(e)?.detail ?? problemMessage(e);
const dateText = (iso: string) =>
  new Intl.DateTimeFormat('es', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

interface Row {
  key: string;
  id: string;
  name: string;
  station: string;
  host: string;
  port: string;
  width: '80' | '58';
}
let rowKeys = 0;
const rowOf = (p?: Printer, station = ''): Row => ({
  key: `r${++rowKeys}`,
  id: p?.id ?? '',
  name: p?.name ?? '',
  station: p?.station ?? station,
  host: p?.host ?? '',
  port: String(p?.port ?? DEFAULT_PRINTER_PORT),
  width: p?.width === 58 ? '58' : '80',
});
const slug = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 32) || 'impresora';

function PrinterForm({
  venueId,
  stations,
  printers,
  onSaved,
}: {
  venueId: string;
  stations: readonly Station[];
  printers: Printer[];
  onSaved: (p: Printer[]) => void;
}) {
  const [rows, setRows] = useState<Row[]>(() =>
    printers.length ? printers.map((p) => rowOf(p)) : [rowOf(undefined, stations[0]?.id)],
  );
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const set = (key: string, patch: Partial<Row>) =>
    setRows((all) => all.map((r) => (r.key === key ? { ...r, ...patch } : r)));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setErrors({});
    setStatus('');
    const used = new Set<string>();
    const body = rows
      .filter((r) => r.name.trim() || r.host.trim())
      .map((r) => {
        let id = r.id || slug(r.name);
        for (let n = 2; used.has(id); n++) id = `${slug(r.name)}-${n}`;
        used.add(id);
        return {
          id,
          name: r.name.trim(),
          station: r.station,
          host: r.host.trim(),
          port: Number(r.port) || DEFAULT_PRINTER_PORT,
          width: r.width === '58' ? 58 : 80,
        };
      });
    setBusy(true);
    try {
      const saved = await savePrinters(venueId, body);
      onSaved(saved);
      setRows(saved.length ? saved.map((p) => rowOf(p)) : [rowOf(undefined, stations[0]?.id)]);
      setStatus('Impresoras guardadas.');
    } catch (e) {
      const fields = problemFieldErrors(e);
      setErrors(fields);
      setStatus(Object.keys(fields).length ? 'Revisa los campos marcados.' : detailOf(e));
    } finally {
      setBusy(false);
    }
  }

  const fieldError = (i: number, field: string) => errors[`printers.${i}.${field}`]?.[0];
  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      className="flex flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-4"
      aria-labelledby="printers-form-title"
    >
      <h2 id="printers-form-title" className="text-lg font-semibold">
        Impresoras y estaciones
      </h2>
      <p className="text-sm">
        Impresoras térmicas ESC/POS en la red del local (normalmente el puerto 9100). Cada una imprime las comandas de
        su estación.
      </p>
      {rows.map((row, i) => (
        <fieldset
          key={row.key}
          className="grid grid-cols-1 gap-2 rounded-field border border-base-300 p-3 sm:grid-cols-2"
          data-testid="printer-row"
        >
          <legend className="px-1 text-sm font-medium">Impresora {i + 1}</legend>
          {(
            [
              ['name', 'Nombre', 'text'],
              ['host', 'Dirección IP', 'text'],
              ['port', 'Puerto', 'number'],
            ] as const
          ).map(([field, label, type]) => (
            <div key={field} className="flex flex-col gap-1">
              <label htmlFor={`${row.key}-${field}`} className="text-sm font-medium">
                {label}
              </label>
              <input
                id={`${row.key}-${field}`}
                type={type}
                inputMode={type === 'number' ? 'numeric' : undefined}
                className={`input min-h-11 w-full ${fieldError(i, field) ? 'input-error' : ''}`}
                value={row[field]}
                onChange={(e) => set(row.key, { [field]: e.target.value })}
                aria-invalid={fieldError(i, field) ? true : undefined}
                aria-describedby={fieldError(i, field) ? `${row.key}-${field}-error` : undefined}
              />
              {fieldError(i, field) && (
                <p id={`${row.key}-${field}-error`} className={`text-sm font-medium ${ERROR_TEXT}`}>
                  {fieldError(i, field)}
                </p>
              )}
            </div>
          ))}
          <div className="flex flex-col gap-1">
            <label htmlFor={`${row.key}-station`} className="text-sm font-medium">
              Estación
            </label>
            <select
              id={`${row.key}-station`}
              className="select min-h-11 w-full"
              value={row.station}
              onChange={(e) => set(row.key, { station: e.target.value })}
              aria-invalid={fieldError(i, 'station') ? true : undefined}
              aria-describedby={fieldError(i, 'station') ? `${row.key}-station-error` : undefined}
            >
              {stations.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
            {fieldError(i, 'station') && (
              <p id={`${row.key}-station-error`} className={`text-sm font-medium ${ERROR_TEXT}`}>
                {fieldError(i, 'station')}
              </p>
            )}
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={`${row.key}-width`} className="text-sm font-medium">
              Ancho del papel
            </label>
            <select
              id={`${row.key}-width`}
              className="select min-h-11 w-full"
              value={row.width}
              onChange={(e) => set(row.key, { width: e.target.value === '58' ? '58' : '80' })}
            >
              <option value="80">80 mm</option>
              <option value="58">58 mm</option>
            </select>
          </div>
          <div className="flex items-end">
            <button
              type="button"
              className="btn btn-ghost btn-sm min-h-11"
              onClick={() => setRows((all) => all.filter((r) => r.key !== row.key))}
              aria-label={`Quitar la impresora ${i + 1}`}
            >
              Quitar
            </button>
          </div>
        </fieldset>
      ))}
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn btn-outline min-h-11"
          onClick={() => setRows((all) => [...all, rowOf(undefined, stations[0]?.id)])}
        >
          Añadir impresora
        </button>
        <button type="submit" className="btn btn-primary min-h-11" disabled={busy}>
          Guardar impresoras
        </button>
      </div>
      <p role="status" aria-live="polite" className="min-h-6 text-sm">
        {status}
      </p>
    </form>
  );
}

function PrintersView({ venueId, user }: { venueId: string; user: User }) {
  const [venueName, setVenueName] = useState<string>();
  const [stations, setStations] = useState<readonly Station[]>([]);
  const [printers, setPrinters] = useState<Printer[]>();
  const [agents, setAgents] = useState<PrintAgent[]>([]);
  const [error, setError] = useState<string>();
  const [created, setCreated] = useState<{ token: string; command: string }>();
  const [status, setStatus] = useState('');

  const load = useCallback(
    (live: () => boolean = () => true) =>
      Promise.all([fetchVenue(venueId), fetchPrinters(venueId), fetchPrintAgents(venueId)]).then(
        ([venue, p, a]) => {
          if (!live()) return;
          setVenueName(venue.name);
          setStations(stationsOf(venue));
          setPrinters(p);
          setAgents(a);
          setError(undefined);
        },
        (e: unknown) => live() && setError(detailOf(e)),
      ),
    [venueId],
  );
  useEffect(() => {
    let live = true;
    void load(() => live);
    return () => {
      live = false;
    };
  }, [load]);

  async function newToken() {
    try {
      const agent = await createPrintAgent(venueId);
      const { apiBase } = await loadConfig();
      // The agent takes the API base, as /config.json has it (agent/README.md).
      const api = new URL(apiBase, location.origin).href.replace(/\/+$/, '');
      setCreated({
        token: agent.token,
        command: `npm run print-agent -- --api ${api} --venue ${venueId} --token ${agent.token}`,
      });
      setAgents(await fetchPrintAgents(venueId));
    } catch (e) {
      setStatus(detailOf(e));
    }
  }
  async function revoke(agent: PrintAgent) {
    try {
      await revokePrintAgent(venueId, agent.id);
      setStatus('Token revocado: ese agente ya no puede imprimir.');
      setAgents(await fetchPrintAgents(venueId));
    } catch (e) {
      setStatus(detailOf(e));
    }
  }

  if (error) {
    return <PageLoadFailed message={error} onRetry={() => void load()} />;
  }
  if (!printers || venueName === undefined) {
    return <PageLoading what="Cargando las impresoras…" />;
  }
  const offline = printers.filter((p) => p.alert);
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-5">
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold">Impresoras · {venueName}</h1>
        <PanelNav page="/panel/impresoras" venueId={venueId} user={user} />
        <p>
          Las comandas se imprimen en las impresoras del local a través del agente de impresión, un pequeño programa que
          se ejecuta en un ordenador de la red del local.
        </p>
      </div>
      {offline.length > 0 && (
        <div role="alert" className="alert alert-warning flex flex-col items-start" data-testid="printer-alerts">
          {offline.map((p) => (
            <span key={p.id}>{p.alert}</span>
          ))}
        </div>
      )}
      {printers.length > 0 && (
        <ul className="flex flex-col gap-2" data-testid="printer-states">
          {printers.map((p) => (
            <li
              key={p.id}
              className="flex flex-wrap items-center gap-x-3 rounded-box border border-base-300 bg-base-100 p-3"
            >
              <span className="flex-1 font-semibold">{p.name}</span>
              <span className="text-sm">
                {stations.find((s) => s.id === p.station)?.name ?? p.station} · {p.host}:{p.port} · {p.width} mm
              </span>
              <span className={`badge min-h-7 ${p.online ? 'badge-outline' : 'badge-warning'}`}>
                {p.online ? (p.lastSeen ? `Conectada · ${dateText(p.lastSeen)}` : 'Sin datos todavía') : 'Sin conexión'}
              </span>
            </li>
          ))}
        </ul>
      )}
      <PrinterForm venueId={venueId} stations={stations} printers={printers} onSaved={setPrinters} />

      <section
        aria-labelledby="agents-title"
        className="flex flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-4"
      >
        <h2 id="agents-title" className="text-lg font-semibold">
          Agente de impresión
        </h2>
        <p className="text-sm">
          Crea un token y arranca el agente con él en un ordenador del local. El token se muestra una sola vez: guárdalo
          como una contraseña.
        </p>
        <div>
          <button type="button" className="btn btn-primary min-h-11" onClick={() => void newToken()}>
            Crear token del agente
          </button>
        </div>
        {created && (
          <div className="flex flex-col gap-2 rounded-box border-2 border-success p-3" data-testid="created-agent">
            <CopyLink url={created.command} label="Orden para arrancar el agente" testId="agent-command" />
          </div>
        )}
        {agents.length > 0 && (
          <ul className="flex flex-col gap-2" data-testid="print-agents">
            {agents.map((a, i) => (
              <li key={a.id} className="flex flex-wrap items-center gap-x-3 rounded-field border border-base-300 p-2">
                <span className="flex-1 text-sm">
                  Agente {i + 1} · creado {dateText(a.createdAt)}
                  {a.lastSeen ? ` · visto ${dateText(a.lastSeen)}` : ''}
                </span>
                <button
                  type="button"
                  className="btn btn-ghost btn-sm min-h-11"
                  onClick={() => void revoke(a)}
                  aria-label={`Revocar el token del agente ${i + 1}`}
                >
                  Revocar
                </button>
              </li>
            ))}
          </ul>
        )}
        <p role="status" aria-live="polite" className="min-h-6 text-sm">
          {status}
        </p>
      </section>
    </div>
  );
}

export default function PrintersPage() {
  return (
    <ManageGate page="/panel/impresoras">
      {(venueId, user) => <PrintersView venueId={venueId} user={user} />}
    </ManageGate>
  );
}
