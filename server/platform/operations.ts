/**
 * One definition per API operation (docs/architecture.md#server-by-feature): the same object registers the
 * Hono route, checks the caller and the JSON body, and becomes the operation of the OpenAPI
 * document (server/openapi.ts collects every feature's operations). A feature writes
 *
 *     export const getOrder = operation({ method: 'get', path: '/orders/{id}', access: 'bearer', operationId, tags, summary, responses });
 *     route(app, getOrder, async (c, { claims }) => …);
 *
 * so a route cannot exist without its documentation, and the documented body schema is the
 * one the route validates with (answers stay today's problem details: 401, 415, 400, 422).
 */
import type { Context, Hono } from 'hono';
import type { AccessClaims } from '../../src/contract/auth.ts';
import { parseWith, readJson, type SafeSchema } from './http.ts';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * Who may call:
 * - `bearer` (the document's default): a valid access token, else 401 before anything else is read;
 * - `bearer-optional`: anyone; a valid token makes the caller known (an invalid one is 401);
 * - `public`: anyone, no token read;
 * - `table`: a table-session participant's credential, checked by the feature's own middleware;
 * - `printer`: a print agent's token (scope `printer:{venueId}`, server/features/printing), checked by
 *   that feature: the only operations such a token opens.
 */
export type Access = 'bearer' | 'bearer-optional' | 'public' | 'table' | 'printer';

/** OpenAPI objects written as plain data (parameters, responses, a non-JSON request body). */
type OpenApiObject = Record<string, unknown>;

export interface OperationSpec<B, A extends Access> {
  method: Method;
  /** Under `/api`, OpenAPI style: `/venues/{id}/orders`. */
  path: string;
  operationId: string;
  tags: readonly string[];
  summary: string;
  access: A;
  parameters?: readonly OpenApiObject[];
  /** The JSON body: checked with this contract schema (422 with field errors) and documented as its named component. */
  body?: SafeSchema<B>;
  /** A body that is not JSON (an image upload): documented only, read by the handler. */
  requestBody?: OpenApiObject;
  responses: Record<number, OpenApiObject>;
}

export interface Operation<B = unknown, A extends Access = Access> extends OperationSpec<B, A> {
  /** The path in Hono's syntax (`/venues/:id/orders`). */
  readonly routePath: string;
}

export const operation = <B = never, A extends Access = Access>(spec: OperationSpec<B, A>): Operation<B, A> => ({
  ...spec,
  routePath: spec.path.replace(/\{(\w+)\}/g, ':$1'),
});

/** What a handler is given besides Hono's context. */
export interface Input<B, A extends Access> {
  claims: A extends 'bearer' ? AccessClaims : A extends 'bearer-optional' ? AccessClaims | undefined : undefined;
  /** Reads the JSON body and checks it with the operation's schema (415, 400 or 422 otherwise). */
  body: () => Promise<B>;
  /** The body as sent (text and parsed JSON, unchecked), for handlers that decide when to check it (`check`). */
  json: () => Promise<{ raw: string; value: unknown }>;
  /** Checks a value with the operation's body schema. */
  check: (value: unknown) => B;
  /** A path parameter of the operation (`{id}` → `param('id')`). */
  param: (name: string) => string;
}

/** How a feature's routes learn who calls: the auth feature's bearer check, given to `routes()`. */
export interface Authenticate {
  /** The caller's claims, or throws 401. */
  required(c: Context): AccessClaims;
  /** The caller's claims when an `Authorization` header is sent (throws 401 if it is not valid), else undefined. */
  optional(c: Context): AccessClaims | undefined;
}

type Handler<B, A extends Access> = (c: Context, input: Input<B, A>) => Response | Promise<Response>;

/** Registers the operation's route on `app` (mounted at `/api`). */
export function route<B, A extends Access>(
  app: Hono,
  op: Operation<B, A>,
  authenticate: Authenticate,
  handler: Handler<B, A>,
): void {
  app.on(op.method.toUpperCase(), op.routePath, async (c) => {
    const claims = (
      op.access === 'bearer'
        ? authenticate.required(c)
        : op.access === 'bearer-optional'
          ? authenticate.optional(c)
          : undefined
    ) as Input<B, A>['claims'];
    const check = (value: unknown): B => {
      if (!op.body) throw new Error(`${op.operationId} has no body schema`);
      return parseWith(op.body, value);
    };
    return handler(c, {
      claims,
      json: () => readJson(c),
      check,
      body: async () => check((await readJson(c)).value),
      param: (name) => c.req.param(name) ?? '',
    });
  });
}

/** `route` with the feature's authenticator bound: `const on = routes(app, authenticate); on(op, handler)`. */
export const routes =
  (app: Hono, authenticate: Authenticate) =>
  <B, A extends Access>(op: Operation<B, A>, handler: Handler<B, A>) =>
    route(app, op, authenticate, handler);
