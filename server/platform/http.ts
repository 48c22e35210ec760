/** Request helpers shared by the route modules: JSON bodies checked by the contract schemas, the client's address, bodies answered early. */
import { BlockList, isIP } from 'node:net';
import type { Context } from 'hono';
import { HTTP_MESSAGES } from '../../src/contract/problem.ts';
import { problem, validationProblem } from './problem.ts';

export interface SafeSchema<T> {
  safeParse(
    input: unknown,
  ):
    | { success: true; data: T }
    | { success: false; error: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> } };
}

/** How long a JSON body may take to arrive (`UMENU_BODY_TIMEOUT_MS`): a body that drips in slower is refused with 408 and its connection closed. */
export const DEFAULT_BODY_TIMEOUT_MS = 10_000;
const BODY_TIMEOUT = 'umenuBodyTimeoutMs';

async function readWithin<T>(reading: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(problem('timeout', 408, HTTP_MESSAGES.bodyTooSlow, {}, { connection: 'close' })),
      ms,
    );
  });
  try {
    return await Promise.race([reading, late]);
  } finally {
    clearTimeout(timer);
  }
}

export async function readJson(c: Context): Promise<{ raw: string; value: unknown }> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/([\w.+-]+\+)?json\b/i.test(type)) {
    throw problem('validation', 415, HTTP_MESSAGES.notJson);
  }
  const raw = await readWithin(
    c.req.text(),
    (c as unknown as AddressContext).get(BODY_TIMEOUT) ?? DEFAULT_BODY_TIMEOUT_MS,
  );
  try {
    return { raw, value: JSON.parse(raw) as unknown };
  } catch {
    throw problem('validation', 400, HTTP_MESSAGES.badJson);
  }
}

export function parseWith<T>(schema: SafeSchema<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) throw validationProblem(result.error.issues);
  return result.data;
}

/**
 * The client's address, as every limit counts it (docs/rules.md#limits-and-bad-input): the socket's
 * address, unless the socket is one of the trusted proxies (`UMENU_TRUSTED_PROXIES`, CIDRs: the
 * README's load balancer), in which case `X-Forwarded-For` is read from the right, skipping the
 * trusted hops, and the first address not trusted is the client. `X-Forwarded-For` sent by
 * anyone else is ignored: a client cannot pick the address it is counted under.
 */
export function clientAddress(
  socketAddress: string | undefined,
  forwardedFor: string | undefined | null,
  trusted: BlockList | undefined,
): string {
  const socket = normalizeAddress(socketAddress);
  if (!socket) return 'local';
  if (!trusted || !isTrusted(trusted, socket)) return socket;
  const hops = (forwardedFor ?? '')
    .split(',')
    .map((hop) => normalizeAddress(hop.trim()))
    .filter((hop): hop is string => Boolean(hop));
  for (let i = hops.length - 1; i >= 0; i--) {
    if (!isTrusted(trusted, hops[i]!)) return hops[i]!;
  }
  return hops[0] ?? socket;
}

/** `::ffff:1.2.3.4` → `1.2.3.4`; anything that is not an IP address → undefined. */
function normalizeAddress(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const address = value.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  return isIP(address) ? address : undefined;
}

const isTrusted = (list: BlockList, address: string) => list.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');

/** `10.0.0.0/8, 192.168.1.7, fd00::/8` → a BlockList; an entry that is not an address or CIDR throws (start-up refuses it). */
export function trustedProxyList(cidrs: readonly string[]): BlockList | undefined {
  if (!cidrs.length) return undefined;
  const list = new BlockList();
  for (const entry of cidrs) {
    const [address = '', bits] = entry.split('/');
    const family = isIP(address);
    const prefix = bits === undefined ? (family === 6 ? 128 : 32) : Number(bits);
    if (!family || !Number.isInteger(prefix) || prefix < 0 || prefix > (family === 6 ? 128 : 32)) {
      throw new Error(`UMENU_TRUSTED_PROXIES no es válido: «${entry}» (ejemplos: 10.0.0.0/8, 192.168.1.7, fd00::/8)`);
    }
    list.addSubnet(address, prefix, family === 6 ? 'ipv6' : 'ipv4');
  }
  return list;
}

/** The error a request body read throws when its client closed the connection before sending it all. */
export function isClientAbort(error: unknown): boolean {
  const { code, message, name } = (error ?? {}) as { code?: unknown; message?: unknown; name?: unknown };
  // Node's request stream fails with `Error: aborted` (code ECONNRESET, which a database socket uses too: the message decides).
  return name === 'AbortError' || code === 'ERR_STREAM_PREMATURE_CLOSE' || message === 'aborted';
}

/** The context variable it is kept in (the request object itself is replaced by the body limit). */
const CLIENT_ADDRESS = 'umenuClientAddress';
interface AddressContext {
  set(key: typeof CLIENT_ADDRESS, value: string): void;
  set(key: typeof BODY_TIMEOUT, value: number): void;
  get(key: typeof CLIENT_ADDRESS): string | undefined;
  get(key: typeof BODY_TIMEOUT): number | undefined;
}

/** At the app's edge (server/app.ts): decides the request's client address once, and how long its body may take. */
export function prepareRequest(
  c: Context,
  trusted: BlockList | undefined,
  bodyTimeoutMs: number = DEFAULT_BODY_TIMEOUT_MS,
): void {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  (c as unknown as AddressContext).set(BODY_TIMEOUT, bodyTimeoutMs);
  (c as unknown as AddressContext).set(
    CLIENT_ADDRESS,
    clientAddress(env?.incoming?.socket?.remoteAddress, c.req.header('x-forwarded-for'), trusted),
  );
}

/** The request's client address (see `clientAddress`). */
export function clientIp(c: Context): string {
  const known = (c as unknown as AddressContext).get(CLIENT_ADDRESS);
  if (known) return known;
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return normalizeAddress(env?.incoming?.socket?.remoteAddress) ?? 'local';
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
 * The largest unread body an early answer reads to its end (and throws away) before it goes out, so the
 * connection stays usable: closing a socket with unread data makes the kernel reset it, and a client still
 * sending may then lose the answer. A larger body, or one of unknown length, gets `Connection: close`.
 */
export const EARLY_ANSWER_DRAIN_BYTES = 16 * 1024 * 1024;

/**
 * Reads and discards an unread request body whose declared `Content-Length` is within
 * `limit`, waiting at most `timeoutMs`; chunk by chunk, nothing kept. True when the whole body was read.
 */
export async function drainDeclaredBody(raw: Request, limit: number, timeoutMs = 2000): Promise<boolean> {
  const declared = Number(raw.headers.get('content-length') ?? undefined);
  if (!Number.isInteger(declared) || declared < 0 || declared > limit || raw.headers.get('transfer-encoding'))
    return false;
  if (!raw.body || raw.bodyUsed || raw.body.locked) return false;
  const reader = raw.body.getReader();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const read = (async () => {
    let seen = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return true;
      seen += value.byteLength;
      if (seen > limit) return false;
    }
  })().catch(() => false);
  try {
    return await Promise.race([read, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}
