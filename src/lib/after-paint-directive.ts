/**
 * `client:paint`: hydrate an island right after the page's first contentful
 * paint. Like `client:load`, but the island's JavaScript is only requested once
 * the prerendered page is on screen, so on a slow network scripts never compete
 * with the HTML for the first paint (the static menu is readable without them;
 * a tap on "Añadir" before hydration is remembered by the page).
 */
import type { ClientDirective } from 'astro';

/** Calls `run` in the task after the first contentful paint (after the next frame where paint timing is unknown). */
export function afterFirstContentfulPaint(run: () => void): void {
  const later = () => setTimeout(run, 0);
  if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    requestAnimationFrame(later);
    return;
  }
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    later();
  });
  observer.observe({ type: 'paint', buffered: true });
}

const afterPaint: ClientDirective = (load) => {
  afterFirstContentfulPaint(() => {
    void (async () => {
      const hydrate = await load();
      await hydrate();
    })();
  });
};

export default afterPaint;
