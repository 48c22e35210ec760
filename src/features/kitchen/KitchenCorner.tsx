/**
 * The kitchen display's corner (docs/rules.md#the-kitchen): the page has no site header or footer (a wall tablet
 * shows tickets only), so the way out is here — «Salir» to the venue's panel — and «Pantalla completa», which asks
 * the browser's Fullscreen API (it needs a tap: a button) where the browser allows it.
 */
import { useEffect, useState } from 'react';

export const kitchenExitHref = (venueId?: string) => (venueId ? `/panel?venue=${encodeURIComponent(venueId)}` : '/panel');

export function KitchenCorner({ venueId }: { venueId?: string }) {
  const [can, setCan] = useState(false);
  const [full, setFull] = useState(false);
  useEffect(() => {
    setCan(Boolean(document.fullscreenEnabled));
    const sync = () => setFull(Boolean(document.fullscreenElement));
    sync();
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, []);
  const toggle = () => {
    const done = full ? document.exitFullscreen() : document.documentElement.requestFullscreen({ navigationUI: 'hide' });
    // Refused (no gesture, a policy): the page stays as it is.
    done.catch(() => undefined);
  };
  return (
    <div className="flex shrink-0 items-center gap-2" data-testid="kitchen-corner">
      {can && (
        <button type="button" className="btn btn-outline min-h-11" aria-pressed={full} onClick={toggle}>
          {full ? 'Salir de pantalla completa' : 'Pantalla completa'}
        </button>
      )}
      <a className="btn btn-ghost min-h-11" href={kitchenExitHref(venueId)}>Salir</a>
    </div>
  );
}
