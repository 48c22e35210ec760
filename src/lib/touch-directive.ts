/**
 * `client:touch`: hydrate an island once the diner engages with the page — the first touch,
 * click, key, focus, wheel or scroll anywhere on it — or when a page script wakes it
 * (`wakeIslands()` in src/lib/wake.ts: stored state that needs React at once). A diner who only
 * reads the menu never downloads or runs React; one who scrolls has it ready long before the
 * first tap. An island whose HTML holds `[data-wake]` hydrates at once. A click inside the island
 * before it hydrated is replayed once it has (a click on a static "Añadir" is the page's own to
 * replay: VenueMenu.astro).
 */
import type { ClientDirective } from 'astro';
import { afterFirstContentfulPaint } from './after-paint-directive.ts';
import { WAKE_EVENT } from './wake.ts';

const DOCUMENT_EVENTS = ['pointerdown', 'touchstart', 'keydown', 'focusin', 'wheel', WAKE_EVENT] as const;

const touch: ClientDirective = (load, _options, el) => {
  let pending: HTMLElement | null = null;
  const remember = (event: Event) => {
    pending =
      (event.target as Element | null)?.closest<HTMLElement>('button, a[href], summary, [role="button"]') ?? null;
  };
  el.addEventListener('click', remember, true);
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const name of DOCUMENT_EVENTS) document.removeEventListener(name, start, true);
    removeEventListener('scroll', start, true);
    afterFirstContentfulPaint(() => {
      void (async () => {
        const hydrate = await load();
        // From here on React listens (and replays what happens while it hydrates) itself.
        el.removeEventListener('click', remember, true);
        await hydrate();
        // Hand the island the click it missed, once its handlers are attached.
        requestAnimationFrame(() => {
          const target = pending;
          pending = null;
          if (target?.isConnected) target.click();
        });
      })();
    });
  };
  // Woken already, or the island's own HTML asks to be live at once (`data-wake`: e.g. a list the
  // build could not fill, which only the API can).
  if (document.documentElement.dataset.awake || el.querySelector('[data-wake]')) return start();
  for (const name of DOCUMENT_EVENTS) document.addEventListener(name, start, { capture: true, passive: true });
  addEventListener('scroll', start, { capture: true, passive: true });
};

export default touch;
