/**
 * A link shown as text (selectable, read-only) with a "Copiar enlace" button: the product
 * sends no e-mail, so a manager passes invitation and table links on by hand.
 */
import { useId, useRef, useState } from 'react';

export const COPY_LABEL = 'Copiar enlace';

async function copyText(text: string, input: HTMLInputElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // No clipboard permission (or an old browser): the selected text can still be copied by hand.
    input?.select();
    return false;
  }
}

export function CopyLink({ url, label, testId }: { url: string; label: string; testId?: string }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [status, setStatus] = useState('');
  return (
    <div className="flex flex-col gap-1" data-testid={testId}>
      <label htmlFor={id} className="text-sm font-medium">{label}</label>
      <div className="flex flex-wrap items-center gap-2">
        <input
          ref={input}
          id={id}
          className="input min-h-11 min-w-0 flex-1 font-mono text-sm"
          value={url}
          readOnly
          onFocus={(e) => e.currentTarget.select()}
        />
        <button
          type="button"
          className="btn btn-outline min-h-11"
          onClick={() => void copyText(url, input.current).then((ok) => setStatus(ok ? 'Enlace copiado.' : 'No se pudo copiar: el enlace está seleccionado, cópialo a mano.'))}
        >
          {COPY_LABEL}
        </button>
      </div>
      <p role="status" aria-live="polite" className="min-h-5 text-sm">{status}</p>
    </div>
  );
}
