/**
 * Serves the built site (`$UMENU_DIST`) from memory: files are indexed at start-up
 * (and after a build), text files are compressed once (brotli and gzip) on first use.
 * `/foo` serves `foo.html`; an unknown `/{venue-id}` serves the client-side fallback
 * shell `venue-shell.html` when the venue exists, otherwise `404.html` with 404 (under `/{lang}/`,
 * that language's `{lang}/venue-shell.html` and `{lang}/404.html`); `/recibo/{id}` serves
 * `recibo.html` and `/{lang}/recibo/{id}` `{lang}/recibo.html` (the receipt page reads the id from the address);
 * `/pago/{id}` and `/{lang}/pago/{id}` likewise `pago.html` (docs/rules.md#paying-from-the-phone).
 * With `UMENU_BUDGET_FLOOR=1` (set only by `npm run budget`), `?umenu-floor` on an HTML
 * page serves the same page with every script (and module preload) removed: the
 * "floor" the budget compares a page's LCP against, served the same way.
 */
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, statSync, existsSync } from 'node:fs';
import { join, relative, extname, sep } from 'node:path';
import { brotliCompress, brotliCompressSync, gzip, gzipSync, constants as zlib } from 'node:zlib';
import { isValidVenueId } from '../../src/contract/limits.ts';
import { isUiLanguage } from '../../src/contract/languages.ts';
import { pageTitle } from '../../src/contract/page-title.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};
const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.webmanifest',
  '.svg',
  '.txt',
  '.xml',
  '.map',
  '.ico',
]);
const NO_CACHE = new Set(['/sw.js', '/config.json', '/manifest.webmanifest']);

interface StaticFile {
  body: Buffer;
  type: string;
  etag: string;
  cacheControl: string;
  compressible: boolean;
  br?: Buffer;
  gzip?: Buffer;
}

/** What the site part serves; `start.ts` swaps `files` after a build. */
export interface SiteState {
  building: boolean;
  files: SiteFiles | undefined;
}

export interface SiteFiles {
  /** Answers a GET/HEAD of a site path, or undefined if the site is not built. */
  respond(request: Request, pathname: string, venueExists: (id: string) => boolean): Response | undefined;
  /** The inline scripts' CSP hashes; grows when `update` indexes a page with a new one. */
  scriptHashes: string[];
  ready: boolean;
  /** The body of a site file (`/taqueria-el-guero.html`), as served. */
  file(rel: string): Buffer | undefined;
  /** Serves `body` for `rel` from now on (the file on disk was rewritten: server/features/venues/prerender.ts). */
  update(rel: string, body: Buffer): void;
}

function walk(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else if (entry.isFile()) out.push(full);
  }
  return out;
}

const FLOOR_PARAM = 'umenu-floor';
/** A receipt's address (docs/rules.md#the-bill): its id is 128 random bits, base64url. */
const RECEIPT_PATH = /^(\/[a-z]{2})?\/recibo\/[A-Za-z0-9_-]{16,64}\/?$/;
/** `/pago/{paymentId}` (`/{lang}/pago/{paymentId}`): the provider's way back (docs/rules.md#paying-from-the-phone). */
const PAY_PATH = /^(\/[a-z]{2})?\/pago\/[0-9a-f-]{36}\/?$/;

/** The page without scripts: every `<script>` element and every `<link rel="modulepreload">`. */
export function stripScripts(html: string): string {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '')
    .replace(/<link\b[^>]*\brel=["']?modulepreload\b[^>]*>/gi, '');
}

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/gi;

export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    const attrs = match[1] ?? '';
    const body = match[2] ?? '';
    if (/type\s*=\s*["']?application\/(ld\+)?json/i.test(attrs) || body.length === 0) continue;
    hashes.push(`sha256-${createHash('sha256').update(body).digest('base64')}`);
  }
  return hashes;
}

const COMPRESSIONS_AT_ONCE = 4;
const compressions: Array<(done: () => void) => void> = [];
let compressing = 0;

/** Runs `job` when fewer than COMPRESSIONS_AT_ONCE compressions are running. */
function compressLater(job: (done: () => void) => void): void {
  compressions.push(job);
  startCompressions();
}

function startCompressions(): void {
  while (compressing < COMPRESSIONS_AT_ONCE && compressions.length > 0) {
    compressing += 1;
    compressions.shift()!(() => {
      compressing -= 1;
      startCompressions();
    });
  }
}

/**
 * `precompress: false` (the browser tests' servers, one per worker): no best compression in the
 * background; a file is compressed quickly on its first request and kept. The sizes served then
 * differ from production's by a few percent, which no browser test measures (the budget and
 * tests/server/static-floor.test.ts use the default).
 */
export function loadSite(distDir: string, { precompress = true }: { precompress?: boolean } = {}): SiteFiles {
  const files = new Map<string, StaticFile>();
  const hashes = new Set<string>();
  // Grows (never shrinks) when a regenerated page brings a new inline script: pages already out
  // there (a service worker's copy) keep theirs allowed.
  const scriptHashes: string[] = [];
  const ready = existsSync(join(distDir, 'index.html'));
  /** Indexes one file (at start-up, or after server/features/venues/prerender.ts rewrote it). */
  function index(rel: string, body: Buffer): void {
    const ext = extname(rel).toLowerCase();
    if (ext === '.html')
      for (const h of inlineScriptHashes(body.toString('utf8')))
        if (!hashes.has(h)) {
          hashes.add(h);
          scriptHashes.push(h);
        }
    const immutable = rel.startsWith('/_astro/');
    const file: StaticFile = {
      body,
      type: TYPES[ext] ?? 'application/octet-stream',
      etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
      cacheControl: immutable
        ? 'public, max-age=31536000, immutable'
        : // A page and its menu (`/menus/{id}.json`) are revalidated together.
          ext === '.html' || NO_CACHE.has(rel) || rel.startsWith('/menus/')
          ? 'no-cache'
          : 'public, max-age=3600, must-revalidate',
      compressible: COMPRESSIBLE.has(ext) && body.length > 512,
    };
    files.set(rel, file);
    if (file.compressible && precompress) {
      // Best compression, made once in the thread pool; a request that comes first gets a quick one.
      // A few at a time: each compressor holds its state from creation, so thousands of pages
      // (a thousand venues in seven languages) queued at once took gigabytes.
      compressLater((done) =>
        brotliCompress(
          body,
          { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } },
          (error, result) => {
            if (!error) file.br = result;
            done();
          },
        ),
      );
      compressLater((done) =>
        gzip(body, { level: 9 }, (error, result) => {
          if (!error) file.gzip = result;
          done();
        }),
      );
    }
  }
  if (ready) {
    for (const full of walk(distDir)) index('/' + relative(distDir, full).split(sep).join('/'), readFileSync(full));
  }

  function send(request: Request, file: StaticFile, status = 200): Response {
    const headers = new Headers({
      'content-type': file.type,
      'cache-control': file.cacheControl,
      etag: file.etag,
      vary: 'accept-encoding',
    });
    if (status === 200 && request.headers.get('if-none-match') === file.etag)
      return new Response(null, { status: 304, headers });
    let body = file.body;
    if (file.compressible) {
      const accept = request.headers.get('accept-encoding') ?? '';
      if (/\bbr\b/.test(accept)) {
        body = file.br ??= brotliCompressSync(file.body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } });
        headers.set('content-encoding', 'br');
      } else if (/\bgzip\b/.test(accept)) {
        body = file.gzip ??= gzipSync(file.body, { level: 6 });
        headers.set('content-encoding', 'gzip');
      }
    }
    headers.set('content-length', String(body.length));
    return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), { status, headers });
  }

  const floorEnabled = process.env.UMENU_BUDGET_FLOOR === '1';
  const floors = new WeakMap<StaticFile, StaticFile>();
  function floorOf(file: StaticFile): StaticFile {
    let floor = floors.get(file);
    if (!floor) {
      const body = Buffer.from(stripScripts(file.body.toString('utf8')));
      floor = {
        ...file,
        body,
        etag: `"floor-${createHash('sha1').update(body).digest('base64url')}"`,
        br: undefined,
        gzip: undefined,
      };
      floor.br = brotliCompressSync(body, {
        params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length },
      });
      floor.gzip = gzipSync(body, { level: 9 });
      floors.set(file, floor);
    }
    return floor;
  }

  function lookup(pathname: string): StaticFile | undefined {
    let path: string;
    try {
      path = decodeURIComponent(pathname);
    } catch {
      return undefined;
    }
    if (path.includes('\0') || path.includes('..')) return undefined;
    if (path === '/' || path === '') return files.get('/index.html');
    const trimmed = path.endsWith('/') ? path.slice(0, -1) : path;
    return files.get(trimmed) ?? files.get(`${trimmed}.html`) ?? files.get(`${trimmed}/index.html`);
  }

  return {
    ready,
    scriptHashes,
    file(rel) {
      return files.get(rel)?.body;
    },
    update(rel, body) {
      index(rel, body);
    },
    respond(request, pathname, venueExists) {
      if (!ready) return undefined;
      const file = lookup(pathname);
      if (
        file &&
        floorEnabled &&
        file.type.startsWith('text/html') &&
        new URL(request.url).searchParams.has(FLOOR_PARAM)
      ) {
        return send(request, floorOf(file));
      }
      if (file) return send(request, file);
      // `/recibo/{id}` (`/{lang}/recibo/{id}`): the receipt page in that language, which reads its id from the
      // address (src/pages/recibo.astro).
      const receiptAt = RECEIPT_PATH.exec(pathname);
      if (receiptAt) {
        const receipt = files.get(`${receiptAt[1] ?? ''}/recibo.html`);
        if (receipt) return send(request, receipt);
      }
      // `/pago/{id}` (`/{lang}/pago/{id}`): the return page of a payment from the phone, the same way.
      const payAt = PAY_PATH.exec(pathname);
      if (payAt) {
        const page = files.get(`${payAt[1] ?? ''}/pago.html`);
        if (page) return send(request, page);
      }
      // An address in another interface language (`/en/…`) gets that language's fallback shell
      // and 404 page (docs/architecture.md#languages); every other one the Spanish ones.
      const [first = '', ...rest] = pathname.replace(/^\/|\/$/g, '').split('/');
      const lang = rest.length > 0 && isUiLanguage(first) && first !== 'es' ? first : null;
      const segment = lang ? rest.join('/') : [first, ...rest].join('/');
      const prefix = lang ? `/${lang}` : '';
      const notFound = files.get(`${prefix}/404.html`) ?? files.get('/404.html');
      if (!segment.includes('/') && isValidVenueId(segment) && venueExists(segment)) {
        const shell = files.get(`${prefix}/venue-shell.html`) ?? files.get('/venue-shell.html');
        if (shell) return send(request, shell);
      }
      if (notFound) return send(request, notFound, 404);
      return new Response('This page could not be found', {
        status: 404,
        headers: { 'content-type': 'text/plain; charset=utf-8' },
      });
    },
  };
}

export const BUILDING_PAGE = `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta http-equiv="refresh" content="3"><title>${pageTitle('Preparando umenu…')}</title><style>body{font-family:system-ui,sans-serif;background:#f2f5f8;color:#1d2a33;display:grid;place-items:center;min-height:100dvh;margin:0}main{text-align:center;padding:2rem}h1{color:#007ea7;font-size:1.6rem}</style></head><body><main><h1>Preparando umenu…</h1><p>Estamos construyendo el sitio. Esta página se recargará sola en unos segundos.</p></main></body></html>`;

export function statMtime(path: string): number {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return 0;
  }
}
