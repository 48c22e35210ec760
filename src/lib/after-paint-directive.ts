/**
 * `client:paint`: hydrate an island right after the first frame is painted.
 * Like `client:load`, but the island's JavaScript is only requested once the
 * prerendered page is on screen, so on a slow network scripts never compete
 * with the HTML for the first paint (the static menu is readable without them;
 * a tap on "Añadir" before hydration is remembered by the page).
 */
import type { ClientDirective } from 'astro';

const afterPaint: ClientDirective = (load) => {
  const hydrate = async () => {
    const run = await load();
    await run();
  };
  // rAF runs just before the frame is painted; the task it queues runs after.
  requestAnimationFrame(() => setTimeout(() => void hydrate(), 0));
};

export default afterPaint;
