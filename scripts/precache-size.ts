/**
 * What the service worker downloads on a diner's first visit (README "Performance budget",
 * docs/rules.md#pwa), read from a built site: the precache list in its `sw.js` (the shell,
 * src/shell/pwa-options.ts) and, for a venue, the files the venue's page keeps beside it (its
 * menu file; the page itself is the visit's own download). Printed by `npm run budget` and
 * `npm run measure:scale`, which fail above `PRECACHE_LIMIT_BYTES`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** The shell a first visit downloads, compressed as it crosses the network (gzip, as the budget's other byte figures). */
export const PRECACHE_LIMIT_BYTES = 500 * 1024;

export interface PrecacheSize {
  /** Distinct addresses in the precache list. */
  files: number;
  /** Their files' bytes as built. */
  bytes: number;
  /** The same, gzipped one by one (what crosses the network; the server also offers brotli, smaller). */
  gzipBytes: number;
  /** Venue pages and menu files among them (`menus/{id}.json` and its `{id}`). */
  venues: number;
  /** Pages among them (addresses without a file extension). */
  pages: string[];
}

/** The built file behind a precached address (`/` → index.html, `offline` → offline.html). */
function fileOf(site: string, url: string): string {
  return join(site, url === '/' ? 'index.html' : /\.[a-z0-9]+$/i.test(url) ? url : `${url}.html`);
}

function sizes(path: string): { bytes: number; gzipBytes: number } {
  if (!existsSync(path)) return { bytes: 0, gzipBytes: 0 };
  const body = readFileSync(path);
  return { bytes: body.length, gzipBytes: gzipSync(body).length };
}

/** The precache of the site built in `site` (its `sw.js`). */
export function precacheSize(site: string): PrecacheSize {
  const urls = [
    ...new Set([...readFileSync(join(site, 'sw.js'), 'utf8').matchAll(/url:"([^"]+)"/g)].map((m) => m[1]!)),
  ];
  let bytes = 0;
  let gzipBytes = 0;
  for (const url of urls) {
    const size = sizes(fileOf(site, url));
    bytes += size.bytes;
    gzipBytes += size.gzipBytes;
  }
  const menus = urls.filter((url) => /^\/?menus\/[^/]+\.json$/.test(url));
  return {
    files: urls.length,
    bytes,
    gzipBytes,
    venues: menus.length,
    pages: urls.filter((url) => !/\.[a-z0-9]+$/i.test(url)),
  };
}

/** What a venue's page keeps beside the shell on the visit that installs the worker: its menu file (src/features/menu/menu-page.ts). */
export function venueKeptSize(site: string, venueId: string): { bytes: number; gzipBytes: number } {
  return sizes(join(site, 'menus', `${venueId}.json`));
}

export const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
