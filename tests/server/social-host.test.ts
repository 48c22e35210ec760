/**
 * A forged Host header never chooses where social sign-in sends a diner (server/features/auth/social/routes.ts):
 * without `UMENU_PUBLIC_URL`, redirects are built only from origins this server answers on or was configured with.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers.ts';

const PORT = 4431;
const CHALLENGE = 'a'.repeat(43);
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ port: PORT, corsOrigins: ['https://menu.example'] });
});
afterAll(() => s.dispose());

const start = (origin: string) =>
  s.app.request(`${origin}/api/auth/social/google/start?code_challenge=${CHALLENGE}&code_challenge_method=S256`, {
    redirect: 'manual',
  });
/** Where the provider is told to send the diner back (the demo provider stands in for Google here). */
const callbackOf = async (origin: string) => {
  const res = await start(origin);
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location')!).searchParams.get('redirect_uri');
};

describe('social sign-in redirects', () => {
  it('ignore a forged Host and send the diner back to this server', async () => {
    expect(await callbackOf('http://evil.example')).toBe(`http://localhost:${PORT}/api/auth/social/google/callback`);
  });

  it('keep the origins this server answers on or was configured with', async () => {
    expect(await callbackOf(`http://127.0.0.1:${PORT}`)).toBe(
      `http://127.0.0.1:${PORT}/api/auth/social/google/callback`,
    );
    expect(await callbackOf('https://menu.example')).toBe('https://menu.example/api/auth/social/google/callback');
  });
});
