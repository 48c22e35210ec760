/**
 * Image addresses from the API are absolute when the API knows its public address
 * (`UMENU_API_PUBLIC_URL`), else relative to the API base: `/api/…` stands for the base.
 * They are resolved against the API base the page actually talks to: the build's default
 * while prerendering, the runtime one (`/config.json`) once the page has read it.
 */
import { useEffect, useState } from 'react';
import { runtimeApiBase } from './api.ts';

export function resolveMedia(src: string, apiBase: string): string {
  if (/^(https?:|data:|blob:|\/\/)/i.test(src)) return src;
  if (src.startsWith('/api/') && apiBase !== '/api') return `${apiBase.replace(/\/+$/, '')}${src.slice(4)}`;
  return src;
}

/**
 * The API base for image addresses in an island: `initial` (the build's default, so the first
 * render matches the prerendered HTML), then the runtime base from `/config.json`.
 */
export function useApiBase(initial: string): string {
  const [base, setBase] = useState(initial);
  useEffect(() => {
    let live = true;
    void runtimeApiBase().then((runtime) => {
      if (live) setBase(runtime);
    });
    return () => {
      live = false;
    };
  }, []);
  return base;
}
