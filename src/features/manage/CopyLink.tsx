/**
 * A link shown as text (whole, wrapped, selectable) with a "Copiar enlace" button: the
 * product sends no e-mail, so a manager passes invitation and table links on by hand.
 */
import { useId, useRef, useState } from 'react';
import '../../styles/manage.ts';

export const COPY_LABEL = 'Copiar enlace';

function selectText(node: HTMLElement | null): void {
  const selection = node ? getSelection() : null;
  if (!node || !selection) return;
  const range = document.createRange();
  range.selectNodeContents(node);
  selection.removeAllRanges();
  selection.addRange(range);
}

async function copyText(text: string, node: HTMLElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // No clipboard permission (or an old browser): the selected text can still be copied by hand.
    selectText(node);
    return false;
  }
}

export function CopyLink({
  url,
  label,
  testId,
  compact = false,
}: {
  url: string;
  label: string;
  testId?: string;
  compact?: boolean;
}) {
  const id = useId();
  const text = useRef<HTMLParagraphElement>(null);
  const [status, setStatus] = useState('');
  return (
    <div role="group" aria-labelledby={`${id}-label`} className="flex flex-col gap-1" data-testid={testId}>
      <p id={`${id}-label`} className={compact ? 'sr-only' : 'text-sm font-medium'}>
        {label}
      </p>
      <p
        ref={text}
        className="rounded-field border border-base-300 bg-base-200 px-3 py-2 font-mono text-sm break-all select-all"
        data-testid="copy-link-url"
      >
        {url}
      </p>
      <div className="flex flex-wrap items-center gap-x-3">
        <button
          type="button"
          className="btn btn-outline btn-sm min-h-11"
          aria-describedby={`${id}-label`}
          onClick={() =>
            void copyText(url, text.current).then((ok) =>
              setStatus(ok ? 'Enlace copiado.' : 'No se pudo copiar: el enlace está seleccionado, cópialo a mano.'),
            )
          }
        >
          {COPY_LABEL}
        </button>
        <p role="status" aria-live="polite" className="text-sm">
          {status}
        </p>
      </div>
    </div>
  );
}
