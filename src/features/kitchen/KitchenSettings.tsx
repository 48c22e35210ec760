/** «Ajustes» of this screen: the minutes after which a ticket turns amber and red (kept on this device). */
import { useStore } from '@nanostores/react';
import { useId, useState, type FormEvent } from 'react';
import { $thresholds } from './store.ts';
import { DEFAULT_THRESHOLDS, validThresholds } from './logic.ts';

export function KitchenSettings() {
  const thresholds = useStore($thresholds);
  const [amber, setAmber] = useState(String(thresholds.amber));
  const [red, setRed] = useState(String(thresholds.red));
  const [error, setError] = useState('');
  const [saved, setSaved] = useState('');
  const id = useId();

  function save(event: FormEvent): void {
    event.preventDefault();
    const next = { amber: Number(amber), red: Number(red) };
    if (!validThresholds(next)) {
      setError('Usa minutos enteros: ámbar desde 1, y rojo después de ámbar (como mucho 600).');
      setSaved('');
      return;
    }
    setError('');
    $thresholds.set(next);
    setSaved(`Guardado: ámbar a los ${next.amber} min, rojo a los ${next.red} min.`);
  }

  return (
    <details className="rounded-box border border-base-300 bg-base-100 px-3 py-1" data-testid="kitchen-settings">
      <summary className="flex min-h-11 cursor-pointer items-center font-semibold">Ajustes</summary>
      <form className="flex flex-wrap items-end gap-3 pb-2" onSubmit={save} noValidate>
        <label className="flex flex-col text-sm" htmlFor={`${id}-amber`}>
          Ámbar a partir de (min)
          <input
            id={`${id}-amber`}
            className="input input-bordered w-28"
            type="number"
            inputMode="numeric"
            min={1}
            value={amber}
            onChange={(e) => setAmber(e.target.value)}
            aria-describedby={`${id}-error`}
          />
        </label>
        <label className="flex flex-col text-sm" htmlFor={`${id}-red`}>
          Rojo a partir de (min)
          <input
            id={`${id}-red`}
            className="input input-bordered w-28"
            type="number"
            inputMode="numeric"
            min={2}
            value={red}
            onChange={(e) => setRed(e.target.value)}
            aria-describedby={`${id}-error`}
          />
        </label>
        <button type="submit" className="btn btn-primary min-h-11">
          Guardar
        </button>
        <button
          type="button"
          className="btn btn-ghost min-h-11"
          onClick={() => {
            setAmber(String(DEFAULT_THRESHOLDS.amber));
            setRed(String(DEFAULT_THRESHOLDS.red));
            $thresholds.set(DEFAULT_THRESHOLDS);
            setError('');
            setSaved('Restablecido: ámbar a los 10 min, rojo a los 20 min.');
          }}
        >
          Restablecer
        </button>
        <p id={`${id}-error`} className="w-full text-sm text-error-strong" role={error ? 'alert' : undefined}>
          {error}
        </p>
        <p className="w-full text-sm" role="status">
          {saved}
        </p>
      </form>
    </details>
  );
}
