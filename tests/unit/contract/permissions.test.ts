import { describe, expect, it } from 'vitest';
import {
  canManageVenue,
  canRunVenue,
  isAdmin,
  managerScope,
  managesAnyVenue,
  runsAnyVenue,
  staffScope,
  venuesManaged,
  venuesRun,
  type Scope,
} from '../../../src/contract/permissions.ts';

const HERE = 'cafe-la-macarena';
const ELSEWHERE = 'taqueria-el-guero';

/** Each account, as the server's token claims (a list), the browser's object scope and a space-separated string. */
const ACCOUNTS: Record<string, readonly string[]> = {
  diner: [],
  staff: [staffScope(HERE)],
  manager: [managerScope(HERE)],
  admin: ['admin'],
};
const shapes = (names: readonly string[]): [string, Scope][] => [
  ['list', names],
  ['object', Object.fromEntries(names.map((n) => [n, true]))],
  ['string', names.join(' ')],
];

// [account, runs here, manages here, admin]
const MATRIX: [string, boolean, boolean, boolean][] = [
  ['diner', false, false, false],
  ['staff', true, false, false],
  ['manager', true, true, false],
  ['admin', true, true, true],
];

describe('permissions matrix (docs/rules.md#scopes)', () => {
  for (const [account, runs, manages, admin] of MATRIX) {
    for (const [shape, scope] of shapes(ACCOUNTS[account]!)) {
      it(`${account} (${shape} scope): runs ${runs}, manages ${manages}, admin ${admin}`, () => {
        expect(canRunVenue(scope, HERE)).toBe(runs);
        expect(canManageVenue(scope, HERE)).toBe(manages);
        expect(isAdmin(scope)).toBe(admin);
        // Another venue: only an admin holds it.
        expect(canRunVenue(scope, ELSEWHERE)).toBe(admin);
        expect(canManageVenue(scope, ELSEWHERE)).toBe(admin);
        expect(runsAnyVenue(scope)).toBe(runs);
        expect(managesAnyVenue(scope)).toBe(manages);
      });
    }
  }

  it('no scope, null scope or an empty string holds nothing', () => {
    for (const scope of [undefined, null, '', [], {}] as Scope[]) {
      expect(canRunVenue(scope, HERE)).toBe(false);
      expect(isAdmin(scope)).toBe(false);
      expect(venuesRun(scope)).toEqual([]);
    }
  });

  it('an object scope holds a name only when its value is truthy', () => {
    const scope = { admin: 0, [staffScope(HERE)]: 1, [managerScope(ELSEWHERE)]: '' };
    expect(isAdmin(scope)).toBe(false);
    expect(canRunVenue(scope, HERE)).toBe(true);
    expect(canManageVenue(scope, ELSEWHERE)).toBe(false);
  });

  it('a bare prefix or a look-alike name holds nothing', () => {
    expect(canRunVenue(['staff'], HERE)).toBe(false);
    expect(canRunVenue(['staff:'], '')).toBe(false);
    expect(canManageVenue([`staff:${HERE}`, `managers:${HERE}`], HERE)).toBe(false);
    expect(venuesRun(['staff:', 'manager:'])).toEqual([]);
  });

  it('lists the venues run (staff or manager) and managed, each once, in the order held', () => {
    const scope = ['manager:a-1', 'staff:b-2', 'staff:a-1', 'admin'];
    expect(venuesRun(scope)).toEqual(['a-1', 'b-2']);
    expect(venuesManaged(scope)).toEqual(['a-1']);
    expect(venuesRun('staff:b-2 manager:a-1')).toEqual(['b-2', 'a-1']);
    expect(venuesManaged({ 'manager:a-1': true, 'manager:c-3': false })).toEqual(['a-1']);
  });
});
