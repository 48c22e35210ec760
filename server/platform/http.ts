/** Request helpers shared by the route modules: JSON bodies checked by the contract schemas, the client's address, bodies answered early. */
import type { Context } from 'hono';
import { problem, validationProblem } from './problem.ts';

export interface SafeSchema<T> {
  safeParse(input: unknown): { success: true; data: T } | { success: false; error: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> } };
}

export async function readJson(c: Context): Promise<{ raw: string; value: unknown }> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/([\w.+-]+\+)?json\b/i.test(type)) {
    throw problem('validation', 415, 'Envía los datos como JSON (Content-Type: application/json).');
  }
  const raw = await c.req.text();
  try {
    return { raw, value: JSON.parse(raw) as unknown };
  } catch {
    throw problem('validation', 400, 'El cuerpo de la petición no es JSON válido.');
  }
}

export function parseWith<T>(schema: SafeSchema<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) throw validationProblem(result.error.issues);
  return result.data;
}

export async function readBody<T>(c: Context, schema: SafeSchema<T>): Promise<T> {
  return parseWith(schema, (await readJson(c)).value);
}

export function clientIp(c: Context): string {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress ?? 'local';
}

/**
 * False when the request (on a real Node server, whose `c.env` is given) has a body that has not fully arrived yet:
 * the answer is being given early. In-process requests (`app.request()`) count as complete.
 */
export function requestBodyComplete(env: unknown): boolean {
  const incoming = (env as { incoming?: { complete?: boolean; method?: string } } | undefined)?.incoming;
  if (!incoming || incoming.method === 'GET' || incoming.method === 'HEAD') return true;
  return incoming.complete !== false;
}

/**
 * Reads and discards an unread request body whose declared `Content-Length` is within
 * `limit`, waiting at most `timeoutMs`. True when the whole body was read.
 */
export async function drainDeclaredBody(raw: Request, limit: number, timeoutMs = 2000): Promise<boolean> {
  const declared = Number(raw.headers.get('content-length') ?? undefined);
  if (!Number.isInteger(declared) || declared < 0 || declared > limit || raw.headers.get('transfer-encoding')) return false;
  if (!raw.body || raw.bodyUsed || raw.body.locked) return false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<false>((resolve) => { timer = setTimeout(() => resolve(false), timeoutMs); });
  const read = raw.arrayBuffer().then(() => true, () => false);
  try {
    return await Promise.race([read, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}
