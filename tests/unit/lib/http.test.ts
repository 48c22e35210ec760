import { afterEach, describe, expect, it } from 'vitest';
import { PROBLEM_TYPES } from '../../../src/contract/problem.ts';
import {
  ACCEPT_HEADER,
  authHeader,
  http,
  OFFLINE_MESSAGE,
  problemFieldErrors,
  problemMessage,
  SERVER_MESSAGE,
  setAuthTokenProvider,
  setUnauthorizedHandler,
  TIMEOUT_MESSAGE,
  UNKNOWN_MESSAGE,
} from '../../../src/lib/http.ts';

const baseUrl = 'http://umenu.test/';

function problem(status: number, body?: Record<string, unknown>, contentType = 'application/problem+json') {
  return async () =>
    new Response(body ? JSON.stringify(body) : null, { status, headers: body ? { 'content-type': contentType } : {} });
}

async function failure(fetch: () => Promise<Response>, method: 'get' | 'post' = 'get'): Promise<unknown> {
  try {
    await http[method]('venues/x', { baseUrl, fetch, retry: 0 });
  } catch (error) {
    return error;
  }
  throw new Error('the request did not fail');
}

afterEach(() => {
  setAuthTokenProvider(undefined);
  setUnauthorizedHandler(undefined);
});

describe('authHeader', () => {
  it('prefixes the scheme once', () => {
    expect(authHeader('abc')).toBe('Bearer abc');
    expect(authHeader('Bearer abc')).toBe('Bearer abc');
    expect(authHeader('abc', 'Token')).toBe('Token abc');
    expect(authHeader(' abc ', null)).toBe('abc');
    expect(authHeader('abc', '')).toBe('abc');
  });
});

describe('http client', () => {
  it('sends the required Accept header, resolves under the API base and adds the token', async () => {
    let seen: Request | undefined;
    setAuthTokenProvider(() => 'tok123');
    const body = await http
      .get('/venues', {
        baseUrl,
        fetch: async (input) => {
          seen = input as Request;
          return Response.json({ venues: [] });
        },
      })
      .json();
    expect(body).toEqual({ venues: [] });
    expect(seen?.url).toBe('http://umenu.test/api/venues');
    expect(seen?.headers.get('accept')).toBe(ACCEPT_HEADER);
    expect(seen?.headers.get('authorization')).toBe('Bearer tok123');
  });

  it('sends no Authorization header when signed out', async () => {
    let seen: Request | undefined;
    setAuthTokenProvider(() => null);
    await http.get('venues', { baseUrl, fetch: async (input) => ((seen = input as Request), Response.json({})) });
    expect(seen?.headers.has('authorization')).toBe(false);
  });

  it('retries once with the new token after the unauthorized handler refreshes', async () => {
    let token = 'old';
    let refreshes = 0;
    const sent: string[] = [];
    setAuthTokenProvider(() => token);
    setUnauthorizedHandler(async () => {
      refreshes += 1;
      token = 'new';
      return true;
    });
    const fetch = async (input: RequestInfo | URL) => {
      const auth = (input as Request).headers.get('authorization') ?? '';
      sent.push(auth);
      return auth === 'Bearer new' ? Response.json({ ok: true }) : new Response(null, { status: 401 });
    };
    expect(await http.post('orders', { baseUrl, fetch, json: { a: 1 } }).json()).toEqual({ ok: true });
    expect(sent).toEqual(['Bearer old', 'Bearer new']);
    expect(refreshes).toBe(1);
  });

  it('gives up after one refresh attempt', async () => {
    let calls = 0;
    setAuthTokenProvider(() => 'x');
    setUnauthorizedHandler(async () => true);
    const error = await http
      .get('orders', { baseUrl, fetch: async () => ((calls += 1), new Response(null, { status: 401 })) })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(calls).toBe(2);
    expect(problemMessage(error)).toMatch(/sesión ha caducado/);
  });
});

describe('problemMessage (RFC 9457 → Spanish)', () => {
  it('maps every problem type of the contract to its own Spanish message', async () => {
    const messages = new Set<string>();
    for (const type of Object.values(PROBLEM_TYPES)) {
      const message = problemMessage(await failure(problem(400, { type, title: 'x', status: 400 })));
      expect(message, type).not.toBe(UNKNOWN_MESSAGE);
      messages.add(message);
    }
    expect(messages.size).toBe(Object.values(PROBLEM_TYPES).length);
  });

  it('falls back on the status, then on a generic message', async () => {
    expect(problemMessage(await failure(problem(404)))).toMatch(/No encontramos/);
    expect(problemMessage(await failure(problem(503, { title: 'down' })))).toBe(SERVER_MESSAGE);
    expect(problemMessage(await failure(problem(418, { type: 'urn:other' })))).toBe(UNKNOWN_MESSAGE);
    expect(problemMessage(new Error('anything'))).toBe(UNKNOWN_MESSAGE);
  });

  it('reads field errors', async () => {
    const error = await failure(
      problem(422, { type: PROBLEM_TYPES.validation, errors: { 'customer.name': ['Obligatorio'] } }),
      'post',
    );
    expect(problemFieldErrors(error)).toEqual({ 'customer.name': ['Obligatorio'] });
  });

  it('says so when offline or timed out', async () => {
    const network = await failure(async () => Promise.reject(new TypeError('fetch failed')));
    expect(problemMessage(network)).toBe(OFFLINE_MESSAGE);
    let timeout: unknown;
    try {
      await http.get('slow', {
        baseUrl,
        retry: 0,
        timeout: 20,
        fetch: (_input, init) =>
          new Promise((_r, reject) =>
            init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
          ),
      });
    } catch (error) {
      timeout = error;
    }
    expect(problemMessage(timeout)).toBe(TIMEOUT_MESSAGE);
  });
});
