import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetConfigForTests } from '../../../src/lib/config.ts';
import { http } from '../../../src/lib/http.ts';
import { PROGRESS_EVENT, type ProgressSignal } from '../../../src/lib/progress-events.ts';

// A page at http://site.test (Node's real fetch types; happy-dom's Request drops bodies).
const page = new EventTarget();
beforeEach(() => {
  vi.stubGlobal('window', page);
  vi.stubGlobal('location', new URL('http://site.test/menu'));
});

afterEach(() => {
  resetConfigForTests();
  vi.unstubAllGlobals();
});

function serveConfig(body: string, status = 200) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input instanceof Request ? input.url : input);
      if (url.endsWith('/config.json')) return new Response(body, { status });
      throw new Error(`unexpected fetch ${url}`);
    }),
  );
}

async function requestedUrl(
  path: string,
  init: { method?: string; json?: unknown } = {},
): Promise<{ url: string; body: string }> {
  let seen: { url: string; body: string } | undefined;
  await http(path, {
    baseUrl: 'http://site.test/',
    method: init.method ?? 'get',
    ...(init.json ? { json: init.json } : {}),
    fetch: async (input) => {
      const request = input as Request;
      seen = { url: request.url, body: request.method === 'GET' ? '' : await request.text() };
      return Response.json({ ok: true });
    },
  });
  return seen!;
}

describe('http client with the runtime config (browser)', () => {
  it('sends API calls to the base that /config.json names, body included', async () => {
    serveConfig('{"apiBase":"https://api.example.com/v2/"}');
    expect((await requestedUrl('venues/taqueria-el-guero')).url).toBe(
      'https://api.example.com/v2/venues/taqueria-el-guero',
    );
    const post = await requestedUrl('/orders', { method: 'post', json: { a: 1 } });
    expect(post).toEqual({ url: 'https://api.example.com/v2/orders', body: '{"a":1}' });
  });

  it('uses the build default (/api on this origin) and warns when the file is broken', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    serveConfig('{"apiBase": ');
    const { url } = await requestedUrl('venues');
    expect(url).toBe('http://site.test/api/venues');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('/config.json is not valid JSON'));
    warn.mockRestore();
  });

  it('reports each request to the progress bar: begin, then end (failed on errors)', async () => {
    serveConfig('{"apiBase":"/api"}');
    const signals: ProgressSignal[] = [];
    const listener = (event: Event) => signals.push((event as CustomEvent<ProgressSignal>).detail);
    page.addEventListener(PROGRESS_EVENT, listener);
    await requestedUrl('venues');
    await http
      .get('venues/nope', {
        baseUrl: 'http://site.test/',
        retry: 0,
        fetch: async () => new Response(null, { status: 404 }),
      })
      .catch(() => undefined);
    page.removeEventListener(PROGRESS_EVENT, listener);
    expect(signals).toEqual([
      { phase: 'begin' },
      { phase: 'end', failed: false },
      { phase: 'begin' },
      { phase: 'end', failed: true },
    ]);
  });
});
