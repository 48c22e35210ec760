import { describe, expect, it } from 'vitest';
import {
  createRegistry,
  normalizeError,
  registerMiddleware,
  registerValidator,
  registry,
  runPageMeta,
} from '../../../src/shell/page-meta.ts';

const url = new URL('http://umenu.test/taqueria-el-guero');

describe('page meta runner', () => {
  it('passes a page without meta', async () => {
    expect(await runPageMeta({}, url, createRegistry())).toEqual({ kind: 'ok' });
  });

  it('fails with 500 "Unknown middleware {name}" before running anything', async () => {
    const reg = createRegistry();
    const ran: string[] = [];
    registerMiddleware('first', () => void ran.push('first'), {}, reg);
    const outcome = await runPageMeta({ middleware: ['first', 'nope'] }, url, reg);
    expect(outcome).toEqual({ kind: 'error', statusCode: 500, message: 'Unknown middleware nope' });
    expect(ran).toEqual([]);
  });

  it('runs global then page middleware in order, and lets them redirect or fail', async () => {
    const reg = createRegistry();
    const ran: string[] = [];
    registerMiddleware('auth', (ctx) => void ran.push(`auth:${String(ctx.meta.auth)}`), { global: true }, reg);
    registerMiddleware('a', () => void ran.push('a'), {}, reg);
    registerMiddleware('go', (ctx) => ctx.redirect('/login'), {}, reg);
    registerMiddleware('fail', (ctx) => ctx.error({ statusCode: 403, message: 'No' }), {}, reg);
    registerMiddleware(
      'throws',
      () => {
        throw new Error('kaput');
      },
      {},
      reg,
    );
    expect(await runPageMeta({ auth: 'guest', middleware: ['a'] }, url, reg)).toEqual({ kind: 'ok' });
    expect(ran).toEqual(['auth:guest', 'a']);
    expect(await runPageMeta({ middleware: ['go', 'a'] }, url, reg)).toEqual({ kind: 'redirect', to: '/login' });
    expect(await runPageMeta({ middleware: ['fail'] }, url, reg)).toEqual({
      kind: 'error',
      statusCode: 403,
      message: 'No',
    });
    expect(await runPageMeta({ middleware: ['throws'] }, url, reg)).toEqual({
      kind: 'error',
      statusCode: 500,
      message: 'kaput',
    });
  });

  it('shows 404 when validate returns false', async () => {
    const reg = createRegistry();
    registerValidator('never', () => false, reg);
    registerValidator('always', async () => true, reg);
    expect(await runPageMeta({ validate: 'never' }, url, reg)).toEqual({
      kind: 'error',
      statusCode: 404,
      message: 'This page could not be found',
    });
    expect(await runPageMeta({ validate: 'always' }, url, reg)).toEqual({ kind: 'ok' });
  });

  it('validates venue ids with the contract pattern and reserved names', async () => {
    const check = (path: string) => runPageMeta({ validate: 'venueId' }, new URL(path, 'http://umenu.test'), registry);
    expect(await check('/taqueria-el-guero')).toEqual({ kind: 'ok' });
    expect((await check('/Not_A_Venue')).kind).toBe('error');
    expect((await check('/login')).kind).toBe('error');
  });

  it('uses the error status code, or 500', () => {
    expect(normalizeError({ statusCode: 410, message: 'Gone' })).toEqual({ statusCode: 410, message: 'Gone' });
    expect(normalizeError(new Error('x'))).toEqual({ statusCode: 500, message: 'x' });
    expect(normalizeError({ statusCode: 404 })).toEqual({ statusCode: 404, message: 'This page could not be found' });
    expect(normalizeError({ status: 200 })).toEqual({ statusCode: 500, message: 'An error occurred' });
  });
});
