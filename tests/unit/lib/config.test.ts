import { describe, expect, it, vi } from 'vitest';
import {
  fetchRuntimeConfig,
  normalizeApiBase,
  parseRuntimeConfig,
  type RuntimeConfig,
} from '../../../src/lib/config.ts';

const fallback: RuntimeConfig = { apiBase: '/api' };
const respond =
  (body: string, status = 200) =>
  async () =>
    new Response(body, { status });

describe('runtime config', () => {
  it('normalises API bases and refuses unusable ones', () => {
    expect(normalizeApiBase('https://api.example.com/v1/')).toBe('https://api.example.com/v1');
    expect(normalizeApiBase('/api')).toBe('/api');
    expect(normalizeApiBase('')).toBeUndefined();
    expect(normalizeApiBase('api')).toBeUndefined();
    expect(normalizeApiBase('javascript:alert(1)')).toBeUndefined();
    expect(normalizeApiBase(42)).toBeUndefined();
  });

  it('uses the file when it is valid', async () => {
    const warn = vi.fn();
    const config = await fetchRuntimeConfig(respond('{"apiBase":"https://api.umenu.test/v2"}'), warn, fallback);
    expect(config).toEqual({ apiBase: 'https://api.umenu.test/v2' });
    expect(warn).not.toHaveBeenCalled();
  });

  it('keeps the default without a warning when the file does not set apiBase', async () => {
    const warn = vi.fn();
    expect(await fetchRuntimeConfig(respond('{"other":1}'), warn, fallback)).toEqual(fallback);
    expect(warn).not.toHaveBeenCalled();
  });

  it.each([
    ['broken JSON', respond('{"apiBase": '), /not valid JSON/],
    ['missing file', respond('Not found', 404), /HTTP 404/],
    ['network failure', async () => Promise.reject(new TypeError('Failed to fetch')), /could not be loaded/],
    ['wrong shape', respond('["/api"]'), /not a JSON object/],
    ['bad apiBase', respond('{"apiBase": 7}'), /invalid "apiBase"/],
  ])('falls back to the default with a console warning on %s', async (_label, fetcher, reason) => {
    const warn = vi.fn();
    expect(await fetchRuntimeConfig(fetcher, warn, fallback)).toEqual(fallback);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toMatch(reason);
  });

  it('validates parsed objects', () => {
    expect(parseRuntimeConfig({ apiBase: '/v1/' }, fallback)).toEqual({ config: { apiBase: '/v1' } });
    expect(parseRuntimeConfig(null, fallback).problem).toBeDefined();
  });
});
