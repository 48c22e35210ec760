/**
 * What the API tests share beyond tests/server/helpers.ts: a problem's body (every feature), and for a
 * table session (docs/rules.md#table-sessions) a participant's credential header, a new cart line id,
 * the venue's table tokens and joining a table.
 */
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { JoinResult } from '../../src/contract/table.ts';
import type { TestServer } from './helpers.ts';

/** The demo venue the table tests use. */
export const TABLE_VENUE = 'taqueria-el-guero';

/** A problem details body (RFC 9457) as the API answers it. */
export interface Problem {
  type: string;
  title: string;
  detail: string;
  status: number;
  errors?: Record<string, string[]>;
  [extra: string]: unknown;
}

export const problemOf = async (res: Response): Promise<Problem> => (await res.json()) as Problem;

/** The header that carries a participant's credential. */
export const cred = (credential: string) => ({ 'x-table-credential': credential });

/** A cart line id as a phone makes one (12 URL-safe characters). */
export const lineId = () => randomBytes(9).toString('base64url');

/** The venue's table tokens by label, read from the tables' QR links (staff or manager token). */
export async function tableTokens(
  server: TestServer,
  token: string,
  venue = TABLE_VENUE,
): Promise<Map<string, string>> {
  const res = await server.request(`/api/venues/${venue}/tables`, { token });
  expect(res.status, await res.clone().text()).toBe(200);
  const { tables } = (await res.json()) as { tables: Array<{ label: string; url: string }> };
  return new Map(tables.map((t) => [t.label, new URL(t.url).searchParams.get('t')!]));
}

/** `POST …/tables/{label}/join` with the table's token, a name (left out when undefined) and, optionally, an account. */
export function joinRequest(
  server: TestServer,
  table: string,
  tableToken: string | undefined,
  name: string | undefined,
  init: { token?: string; venue?: string } = {},
): Promise<Response> {
  return server.request(`/api/venues/${init.venue ?? TABLE_VENUE}/tables/${encodeURIComponent(table)}/join`, {
    json: name === undefined ? { token: tableToken } : { token: tableToken, name },
    ...(init.token ? { token: init.token } : {}),
  });
}

/** Joins `table` as `name` and expects it to succeed (201). */
export async function joinTable(
  server: TestServer,
  tokens: ReadonlyMap<string, string>,
  table: string,
  name: string,
): Promise<JoinResult> {
  const res = await joinRequest(server, table, tokens.get(table), name);
  expect(res.status, await res.clone().text()).toBe(201);
  return JoinResult.parse(await res.json());
}
