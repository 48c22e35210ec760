// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import touch from '../../../src/lib/touch-directive.ts';
import { wakeIslands } from '../../../src/lib/wake.ts';

/** An island whose `load` is recorded; hydrating resolves at once. */
function island(html = '<button type="button">Filtros</button>') {
  const el = document.createElement('astro-island');
  el.innerHTML = html;
  document.body.append(el);
  const hydrate = vi.fn(async () => {});
  const load = vi.fn(async () => hydrate);
  touch(load, { name: 'touch', value: '' }, el);
  return { el, load, hydrate };
}

/** The directive hydrates after the next paint (a frame here): let it run. */
async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 20));
}

afterEach(() => {
  document.body.innerHTML = '';
  delete document.documentElement.dataset.awake;
});

describe('client:touch', () => {
  it('waits for an interaction, then hydrates once', async () => {
    const { load } = island();
    await settle();
    expect(load).not.toHaveBeenCalled();
    document.dispatchEvent(new Event('keydown'));
    document.dispatchEvent(new Event('pointerdown'));
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('hydrates at once when woken, or when its own HTML asks for it (data-wake)', async () => {
    const woken = island();
    wakeIslands();
    const asks = island('<p data-wake="">Cargando platos…</p>');
    await settle();
    expect(woken.load).toHaveBeenCalledTimes(1);
    expect(asks.load).toHaveBeenCalledTimes(1);
    // Woken before it connected: an island that comes later starts at once too.
    const later = island();
    await settle();
    expect(later.load).toHaveBeenCalledTimes(1);
  });

  it('hands the island the click that woke it, once hydrated', async () => {
    const el = document.createElement('astro-island');
    el.innerHTML = '<button type="button">Filtros</button>';
    document.body.append(el);
    const button = el.querySelector('button')!;
    const heard = vi.fn();
    // Hydrating attaches the island's handlers, as React does.
    const load = vi.fn(async () => async () => button.addEventListener('click', heard));
    touch(load, { name: 'touch', value: '' }, el);
    document.dispatchEvent(new Event('pointerdown'));
    button.click();
    expect(heard).not.toHaveBeenCalled();
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
    expect(heard).toHaveBeenCalledTimes(1);
  });
});
