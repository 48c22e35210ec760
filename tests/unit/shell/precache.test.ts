/** The service worker's precache list with many venues (src/shell/pwa-options.ts): the first screen's venues only. */
import { describe, expect, it } from 'vitest';
import { PRECACHED_VENUES, precacheManifest, runtimeCaching } from '../../../src/shell/pwa-options.ts';
import { UI_LANGUAGES } from '../../../src/contract/languages.ts';

const entry = (url: string) => ({ url, revision: 'r', size: 1 });

describe('precacheManifest', () => {
  it('keeps every page, asset and the first venues by id (page and menu); pages by their address', () => {
    const ids = Array.from({ length: 30 }, (_, i) => `local-${String(i).padStart(2, '0')}`).reverse();
    const entries = [
      entry('index.html'), entry('inspire.html'), entry('venue-shell.html'), entry('pedidos/ver.html'), entry('_astro/a.js'), entry('config.json'),
      ...ids.flatMap((id) => [entry(`${id}.html`), entry(`menus/${id}.json`)]),
    ];
    const urls = precacheManifest(entries).manifest.map((e) => e.url);
    const kept = [...ids].sort().slice(0, PRECACHED_VENUES);
    expect(urls).toEqual(expect.arrayContaining(['/', 'inspire', 'venue-shell', 'pedidos/ver', '_astro/a.js', 'config.json', ...kept, ...kept.map((id) => `menus/${id}.json`)]));
    expect(urls).toHaveLength(6 + 2 * PRECACHED_VENUES);
    expect(urls).not.toContain('local-29');
    expect(urls).not.toContain('menus/local-29.json');
  });

  it('leaves out the pages in other languages (kept as a diner visits them) but their offline pages', () => {
    const urls = precacheManifest([
      entry('index.html'), entry('en.html'), entry('en/inspire.html'), entry('ca/taqueria-el-guero.html'), entry('en/pedidos/ver.html'), entry('en/404.html'),
      entry('offline.html'), entry('en/offline.html'), entry('ca/offline.html'), entry('taqueria-el-guero.html'), entry('menus/taqueria-el-guero.json'),
    ]).manifest.map((e) => e.url);
    expect(urls).toEqual(['/', 'offline', 'en/offline', 'ca/offline', 'taqueria-el-guero', 'menus/taqueria-el-guero.json']);
  });

  it('answers offline under /{lang}/ with that language\'s offline page, for every language but Spanish', () => {
    // The rule's callback is copied into sw.js as source, with the language codes written out.
    const source = JSON.stringify(runtimeCaching.map((rule) => rule.options?.plugins?.map((plugin) => String(plugin.handlerDidError ?? '')) ?? []));
    const codes = /\(([a-z|]+)\)\(\\\\\/\|\$\)/.exec(source)?.[1]?.split('|');
    expect(codes).toEqual(UI_LANGUAGES.filter((lang) => lang !== 'es'));
  });

  it('keeps every venue of a small site', () => {
    const urls = precacheManifest([entry('index.html'), entry('taqueria-el-guero.html'), entry('menus/taqueria-el-guero.json')]).manifest.map((e) => e.url);
    expect(urls).toEqual(['/', 'taqueria-el-guero', 'menus/taqueria-el-guero.json']);
  });
});
