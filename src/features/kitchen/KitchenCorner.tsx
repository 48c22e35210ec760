/**
 * The kitchen display's corner (docs/rules.md#the-kitchen): the page has no site header or footer (a wall tablet
 * shows tickets only), so the way out is here — «Salir» to the venue's panel — and «Pantalla completa», which asks
 * the browser's Fullscreen API (it needs a tap: a button) where the browser allows it.
 */
import { useSyncExternalStore } from 'react';

export const kitchenExitHref = (venueId?: string) =>
  venueId ? `/panel?venue=${encodeURIComponent(venueId)}` : '/panel';

const onFullscreenChange = (notify: () => void) => {
  document.addEventListener('fullscreenchange', notify);
  return () => document.removeEventListener('fullscreenchange', notify);
};

export function KitchenCorner({ venueId }: { venueId?: string }) {
  const can = useSyncExternalStore(
    onFullscreenChange,
    () => Boolean(document.fullscreenEnabled),
    () => false,
  );
  const full = useSyncExternalStore(
    onFullscreenChange,
    () => Boolean(document.fullscreenElement),
    () => false,
  );
  const toggle = () => {
    const done = full
      ? document.exitFullscreen()
      : document.documentElement.requestFullscreen({ navigationUI: 'hide' });
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
      <a className="btn btn-ghost min-h-11" href={kitchenExitHref(venueId)}>
        Salir
      </a>
    </div>
  );
}
