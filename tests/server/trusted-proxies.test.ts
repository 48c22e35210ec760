/**
 * Limits count the client's address (server/platform/http.ts): behind a trusted load balancer
 * that is the `X-Forwarded-For` address it adds, never one a client writes itself.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientAddress, trustedProxyList } from '../../server/platform/http.ts';
import { configFromEnv } from '../../server/platform/config.ts';
import { startTestServer, type TestServer } from './helpers.ts';

describe('the client address', () => {
  const trusted = trustedProxyList(['10.0.0.0/8', 'fd00::/8', '192.168.1.7']);

  it('is the socket address unless the socket is a trusted proxy', () => {
    expect(clientAddress('203.0.113.9', '198.51.100.1', trusted)).toBe('203.0.113.9');
    expect(clientAddress('::ffff:203.0.113.9', undefined, trusted)).toBe('203.0.113.9');
    expect(clientAddress('203.0.113.9', '198.51.100.1', undefined)).toBe('203.0.113.9');
    expect(clientAddress(undefined, '198.51.100.1', trusted)).toBe('local');
  });

  it('behind trusted proxies is the rightmost untrusted X-Forwarded-For hop (a client cannot choose it by writing the header)', () => {
    expect(clientAddress('10.0.0.2', '198.51.100.1', trusted)).toBe('198.51.100.1');
    // The client wrote "1.2.3.4" itself; the balancer appended the real address.
    expect(clientAddress('10.0.0.2', '1.2.3.4, 198.51.100.1', trusted)).toBe('198.51.100.1');
    expect(clientAddress('::ffff:10.0.0.2', '198.51.100.1, 192.168.1.7', trusted)).toBe('198.51.100.1');
    expect(clientAddress('fd00::5', '2001:db8::1', trusted)).toBe('2001:db8::1');
    // Only trusted hops, or garbage: the leftmost trusted one, or the socket.
    expect(clientAddress('10.0.0.2', '10.0.0.3', trusted)).toBe('10.0.0.3');
    expect(clientAddress('10.0.0.2', 'not-an-address', trusted)).toBe('10.0.0.2');
  });

  it('UMENU_TRUSTED_PROXIES refuses what is not an address or CIDR, in Spanish', () => {
    expect(configFromEnv({ UMENU_TRUSTED_PROXIES: '10.0.0.0/8 192.168.0.1' }).trustedProxies).toEqual([
      '10.0.0.0/8',
      '192.168.0.1',
    ]);
    expect(() => trustedProxyList(['10.0.0.0/33'])).toThrow('UMENU_TRUSTED_PROXIES no es válido: «10.0.0.0/33»');
    expect(() => trustedProxyList(['balanceador'])).toThrow(/no es válido/);
  });
});

describe('limits behind a load balancer', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ trustedProxies: ['10.0.0.0/8'] });
  });
  afterAll(async () => {
    await s.dispose();
  });

  const login = (socket: string, forwardedFor: string | undefined, password: string) =>
    s.app.request(
      '/api/auth/login',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
        body: JSON.stringify({ email: 'ana@umenu.test', password }),
      },
      { incoming: { socket: { remoteAddress: socket } } },
    );

  it('count each client behind the balancer apart, and ignore X-Forwarded-For from anyone else', async () => {
    for (let i = 0; i < 5; i++) expect((await login('10.0.0.2', '198.51.100.1', `bad-${i}`)).status).toBe(401);
    const blocked = await login('10.0.0.2', '198.51.100.1', 'demo1234');
    expect(blocked.status).toBe(429);
    // Another diner through the same balancer is not locked out by the first one's failures.
    expect((await login('10.0.0.2', '198.51.100.2', 'demo1234')).status).toBe(200);
    // Not through a trusted proxy: the header is ignored, the socket address is counted.
    for (let i = 0; i < 5; i++)
      expect((await login('203.0.113.9', `198.51.100.${10 + i}`, `bad-${i}`)).status).toBe(401);
    expect((await login('203.0.113.9', '198.51.100.99', 'demo1234')).status).toBe(429);
  });
});
