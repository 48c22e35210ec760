/**
 * RFC 9457 problem details with Spanish `title`/`detail` a client can show as is. Both come from the
 * contract (src/contract/): the titles from PROBLEM_TITLES, each detail from its feature's `*_MESSAGES`
 * (docs/architecture.md#problem-wording).
 */
import type { Context } from 'hono';
import { PROBLEM_MESSAGES, PROBLEM_TITLES, PROBLEM_TYPES } from '../../src/contract/problem.ts';

export type ProblemKey = keyof typeof PROBLEM_TYPES;

export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  detail?: string;
  errors?: Record<string, string[]>;
  [extra: string]: unknown;
}

export class HttpProblem extends Error {
  readonly status: number;
  readonly body: ProblemBody;
  readonly headers: Record<string, string>;
  constructor(
    key: ProblemKey,
    status: number,
    detail?: string,
    extra: Record<string, unknown> = {},
    headers: Record<string, string> = {},
  ) {
    super(detail ?? PROBLEM_TITLES[key]);
    this.status = status;
    this.headers = headers;
    this.body = {
      type: PROBLEM_TYPES[key],
      title: PROBLEM_TITLES[key],
      status,
      ...(detail ? { detail } : {}),
      ...extra,
    };
  }
}

export function problem(
  key: ProblemKey,
  status: number,
  detail?: string,
  extra?: Record<string, unknown>,
  headers?: Record<string, string>,
): HttpProblem {
  return new HttpProblem(key, status, detail, extra, headers);
}

/** The problem as a response; `instance` names the request it answers. */
export function problemResponse(c: Context, p: HttpProblem): Response {
  const body = p.body.instance === undefined ? { ...p.body, instance: c.req.path.slice(0, 300) } : p.body;
  return new Response(JSON.stringify(body), {
    status: p.status,
    headers: { 'content-type': 'application/problem+json; charset=utf-8', 'cache-control': 'no-store', ...p.headers },
  });
}

/** zod issues → `errors` map keyed by dotted path. */
export function validationProblem(
  issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>,
  detail: string = PROBLEM_MESSAGES.fieldsInvalid,
): HttpProblem {
  const errors: Record<string, string[]> = {};
  for (const issue of issues.slice(0, 50)) {
    const path = issue.path.map(String).join('.') || '_';
    (errors[path] ??= []).push(issue.message);
  }
  return problem('validation', 422, detail, { errors });
}
