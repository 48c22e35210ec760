/**
 * Security headers for everything the server answers. The Content-Security-Policy
 * is built here, in one place: the site's own files, hashes of the inline scripts
 * Astro emits (collected from the built HTML), and configurable extra origins.
 */
import type { ServerConfig } from './config.ts';

export interface CspSources {
  scriptHashes: string[];
}

/** The Redsys TPV virtual's hosts (test and production), where a phone's payment form goes. */
const REDSYS_TPV = ['https://sis-t.redsys.es:25443', 'https://sis.redsys.es'];

export function siteCsp(config: ServerConfig, sources: CspSources): string {
  const extra = (list: string[]) => {
    const unique = [...new Set(list)];
    return unique.length ? ` ${unique.join(' ')}` : '';
  };
  // The API's public origin (images come from it when it is set) and any API the site is
  // allowed to call (UMENU_CSP_CONNECT) may also serve the menu's images.
  const apiOrigin = config.apiPublicUrl ? [new URL(config.apiPublicUrl).origin] : [];
  return [
    "default-src 'self'",
    `script-src 'self'${sources.scriptHashes.map((h) => ` '${h}'`).join('')}`,
    // Astro and the islands set style attributes (e.g. view-transition-name); styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${extra([...apiOrigin, ...config.cspConnect, ...config.cspImg])}`,
    "font-src 'self' data:",
    `connect-src 'self'${extra([...apiOrigin, ...config.cspConnect])}`,
    "manifest-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    // «Pagar ahora» with Redsys posts the phone's form to the bank's TPV (docs/rules.md#paying-from-the-phone).
    `form-action 'self'${extra([...REDSYS_TPV, ...config.cspFormAction])}`,
    "frame-ancestors 'none'",
  ].join('; ');
}

/** API answers are data, never documents: nothing may load from them. */
export const API_CSP = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; sandbox";

export const COMMON_HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
};
