/**
 * Image addresses from the API may be relative to the API base
 * (`/api/media/...`); when the runtime API base differs (another origin),
 * they are resolved against it.
 */
export function resolveMedia(src: string, apiBase: string): string {
  if (/^(https?:|data:|blob:)/i.test(src)) return src;
  if (src.startsWith('/api/') && apiBase !== '/api') return `${apiBase.replace(/\/+$/, '')}${src.slice(4)}`;
  return src;
}
