/**
 * The service worker's precache list (src/shell/pwa-options.ts): the shell's pages and the code
 * they and a venue's page use, no venue's page or menu (kept as they are visited).
 */
import { describe, expect, it } from 'vitest';
import { precacheManifest, runtimeCaching, shellCode } from '../../../src/shell/pwa-options.ts';
import { UI_LANGUAGES } from '../../../src/contract/languages.ts';

const entry = (url: string) => ({ url, revision: 'r', size: 1 });

/** A built site: each file's text. */
const site: Record<string, string> = {
  'index.html': '<script>import("/_astro/home.A1.js")</script>',
  'offline.html': '<script type="module" src="/_astro/shell.B2.js"></script>',
  'en/offline.html': '<script type="module" src="/_astro/shell.B2.js"></script>',
  'venue-shell.html':
    '<astro-island component-url="/_astro/VenueShell.C3.js" renderer-url="/_astro/client.D4.js"></astro-island>',
  'local-00.html':
    '<script>import("/_astro/menu-page.E5.js")</script><astro-island component-url="/_astro/MenuIsland.F6.js"></astro-island><style>@font-face{src:url(/_astro/inter.G7.woff2)}</style>',
  'local-01.html': '<script>import("/_astro/menu-page.E5.js")</script>',
  'panel.html': '<script>import("/_astro/StaffPanel.H8.js")</script>',
  'inspire.html': '<script>import("/_astro/inspire.I9.js")</script>',
  '_astro/home.A1.js': 'import{a}from"./shell.B2.js";',
  '_astro/shell.B2.js': 'const m=["_astro/error-view.J1.js"];export const a=1;',
  '_astro/error-view.J1.js': 'export{}',
  '_astro/VenueShell.C3.js': 'import"./MenuIsland.F6.js";',
  '_astro/client.D4.js': 'export{}',
  '_astro/menu-page.E5.js': 'export{}',
  '_astro/MenuIsland.F6.js': 'const d=()=>import("./ProductDialog.K2.js");',
  '_astro/ProductDialog.K2.js': 'export{}',
  '_astro/StaffPanel.H8.js': 'import"./board.L3.js";',
  '_astro/board.L3.js': 'export{}',
  '_astro/inspire.I9.js': 'export{}',
};
const read = (file: string) => site[file];
const builtEntries = () => [
  ...Object.keys(site).map(entry),
  entry('_astro/inter.G7.woff2'),
  entry('favicon.svg'),
  entry('manifest.webmanifest'),
  entry('pwa-192x192.png'),
  entry('menus/local-00.json'),
  entry('menus/local-01.json'),
];

describe('precacheManifest', () => {
  it("keeps the shell (home, offline pages, fallback shell), its code and a venue page's, and the icons; pages by their address", () => {
    const urls = precacheManifest(builtEntries(), read)
      .manifest.map((e) => e.url)
      .sort();
    expect(urls).toEqual([
      '/',
      '_astro/MenuIsland.F6.js',
      '_astro/ProductDialog.K2.js',
      '_astro/VenueShell.C3.js',
      '_astro/client.D4.js',
      '_astro/error-view.J1.js',
      '_astro/home.A1.js',
      '_astro/inter.G7.woff2',
      '_astro/menu-page.E5.js',
      '_astro/shell.B2.js',
      'en/offline',
      'favicon.svg',
      'manifest.webmanifest',
      'offline',
      'pwa-192x192.png',
      'venue-shell',
    ]);
  });

  it("precaches no venue's page or menu and no other page: they are kept as they are visited", () => {
    const urls = precacheManifest(builtEntries(), read).manifest.map((e) => e.url);
    for (const left of [
      'local-00',
      'local-01',
      'menus/local-00.json',
      'menus/local-01.json',
      'panel',
      'inspire',
      '_astro/StaffPanel.H8.js',
      '_astro/board.L3.js',
      '_astro/inspire.I9.js',
    ]) {
      expect(urls).not.toContain(left);
    }
  });

  it("keeps every language's offline page and no other page in another language", () => {
    const urls = precacheManifest(
      [
        entry('index.html'),
        entry('en.html'),
        entry('en/inspire.html'),
        entry('ca/taqueria-el-guero.html'),
        entry('en/pedidos/ver.html'),
        entry('en/404.html'),
        entry('offline.html'),
        ...UI_LANGUAGES.filter((l) => l !== 'es').map((l) => entry(`${l}/offline.html`)),
        entry('taqueria-el-guero.html'),
        entry('menus/taqueria-el-guero.json'),
      ],
      () => '',
    ).manifest.map((e) => e.url);
    expect(urls).toEqual(['/', 'offline', ...UI_LANGUAGES.filter((l) => l !== 'es').map((l) => `${l}/offline`)]);
  });

  it('follows static, lazy and preload-list imports between modules, once each', () => {
    expect([...shellCode(['venue-shell.html'], read)].sort()).toEqual([
      '_astro/MenuIsland.F6.js',
      '_astro/ProductDialog.K2.js',
      '_astro/VenueShell.C3.js',
      '_astro/client.D4.js',
    ]);
  });

  it("answers offline under /{lang}/ with that language's offline page, for every language but Spanish", () => {
    // The rule's callback is copied into sw.js as source, with the language codes written out.
    const source = JSON.stringify(
      runtimeCaching.map((rule) => rule.options?.plugins?.map((plugin) => String(plugin.handlerDidError ?? '')) ?? []),
    );
    const codes = /\(([a-z|]+)\)\(\\\\\/\|\$\)/.exec(source)?.[1]?.split('|');
    expect(codes).toEqual(UI_LANGUAGES.filter((lang) => lang !== 'es'));
  });
});
