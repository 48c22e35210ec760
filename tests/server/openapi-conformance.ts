/**
 * Every API response the server tests see is checked against the OpenAPI document
 * (server/openapi.ts): the operation exists, the status code is documented for it,
 * the content type is the documented one, and a JSON body matches the documented schema
 * (JSON Schema 2020-12, as OpenAPI 3.1 uses). The server and the document cannot drift apart.
 *
 * `startTestServer()` (helpers.ts) checks its in-process requests; importing this module also
 * checks `fetch` calls to a local server's `/api/…` (tests through a real listening server).
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { openApiDocument } from '../../server/openapi.ts';

interface MediaType {
  schema?: Record<string, unknown>;
}
interface ResponseObject {
  content?: Record<string, MediaType>;
}
interface Operation {
  operationId: string;
  responses: Record<string, ResponseObject>;
}
interface Document {
  servers: Array<{ url: string }>;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
}

const doc = openApiDocument() as unknown as Document;
const apiPrefix = doc.servers[0]!.url;
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
const ajv = addFormats(new Ajv2020({ strict: true, allErrors: true }));
const SCHEMA_BASE = 'https://umenu.invalid/schemas/';
/** `#/components/schemas/X` → the id under which X is registered with Ajv. */
const withAbsoluteRefs = (schema: unknown) =>
  JSON.parse(JSON.stringify(schema).replace(/"#\/components\/schemas\//g, `"${SCHEMA_BASE}`)) as Record<
    string,
    unknown
  >;
for (const [name, schema] of Object.entries(doc.components.schemas))
  ajv.addSchema({ ...withAbsoluteRefs(schema), $id: `${SCHEMA_BASE}${name}` });

const routes = Object.entries(doc.paths)
  .map(([template, item]) => {
    const names: string[] = [];
    const pattern = template
      .replace(/[.*+?^$()|[\]\\]/g, '\\$&')
      .replace(/\\?\{(\w+)\\?\}|\{(\w+)\}/g, (_, a: string | undefined, b: string | undefined) => {
        names.push(a ?? b!);
        return '([^/]+)';
      });
    // Literal segments beat parameters (`/auth/social/token` before `/auth/social/{provider}/…`).
    return { template, item, regex: new RegExp(`^${pattern}$`), literal: template.replace(/\{\w+\}/g, '').length };
  })
  .sort((a, b) => b.literal - a.literal);

const validators = new Map<string, ValidateFunction>();
function validatorFor(key: string, schema: Record<string, unknown>): ValidateFunction {
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile(withAbsoluteRefs(schema));
    validators.set(key, validate);
  }
  return validate;
}

export class ContractViolation extends Error {}

/**
 * Checks one response; throws `ContractViolation` when it does not match the document.
 * `path` is the request path including the `/api` prefix; `body` is the response text
 * (omit for streams).
 */
export function checkResponse(
  method: string,
  path: string,
  status: number,
  contentType: string | null,
  body?: string,
): void {
  const verb = method.toLowerCase();
  if (verb === 'options') return; // CORS preflights are answered by the middleware, not by operations.
  if (!path.startsWith(`${apiPrefix}/`)) return;
  const local = path.slice(apiPrefix.length).split('?')[0]!;
  const where = `${method.toUpperCase()} ${path.split('?')[0]} → ${status}`;
  const route = routes.find((r) => r.regex.test(local) && r.item[verb]);
  const mediaType = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (!route) {
    // Undocumented routes answer 404 problem details (the document's description says so).
    if (status === 404 && mediaType === 'application/problem+json') return;
    throw new ContractViolation(`${where}: no operation in the OpenAPI document matches`);
  }
  const operation = route.item[verb]!;
  const response =
    operation.responses[String(status)] ?? operation.responses[`${String(status)[0]}XX`] ?? operation.responses.default;
  if (!response) {
    // 500 is the generic unexpected failure; anything else must be documented.
    if (status === 500 && mediaType === 'application/problem+json') return;
    throw new ContractViolation(
      `${where}: status ${status} is not documented for ${operation.operationId} (documented: ${Object.keys(operation.responses).join(', ')})`,
    );
  }
  if (!response.content) {
    if (body)
      throw new ContractViolation(`${where}: ${operation.operationId} documents no body, got ${body.slice(0, 80)}`);
    return;
  }
  const media = response.content[mediaType];
  if (!media)
    throw new ContractViolation(
      `${where}: content type "${contentType}" is not documented (documented: ${Object.keys(response.content).join(', ')})`,
    );
  if (body === undefined || !media.schema || !/json$/.test(mediaType)) return;
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    throw new ContractViolation(`${where}: body is not JSON: ${body.slice(0, 80)}`);
  }
  const validate = validatorFor(`${operation.operationId} ${status} ${mediaType}`, media.schema);
  if (!validate(value)) {
    throw new ContractViolation(
      `${where}: body does not match ${operation.operationId}'s schema: ${ajv.errorsText(validate.errors, { separator: '; ' })}`,
    );
  }
}

/** Checks a fetch-style response without consuming it (streams are checked by their headers only). */
export async function checkFetchResponse(method: string, url: string, response: Response): Promise<void> {
  const path = new URL(url, 'http://localhost').pathname + new URL(url, 'http://localhost').search;
  const type = response.headers.get('content-type');
  const streaming = (type ?? '').startsWith('text/event-stream');
  const encoded = response.headers.get('content-encoding');
  const body = streaming || method.toUpperCase() === 'HEAD' || encoded ? undefined : await response.clone().text();
  checkResponse(method, path, response.status, type, body === '' && response.status === 204 ? undefined : body);
}

// fetch() to a local server's API (tests through a real listening server) is checked too.
const LOCAL = /^https?:\/\/(127\.0\.0\.1|localhost)(:\d+)?\//;
const globalWithFlag = globalThis as typeof globalThis & { __umenuContractFetch?: boolean };
if (!globalWithFlag.__umenuContractFetch) {
  globalWithFlag.__umenuContractFetch = true;
  const original = globalThis.fetch;
  globalThis.fetch = async (input: string | URL | Request, init?: RequestInit) => {
    const response = await original(input, init);
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (LOCAL.test(url) && new URL(url).pathname.startsWith(`${apiPrefix}/`)) {
      const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
      await checkFetchResponse(method, url, response);
    }
    return response;
  };
}
