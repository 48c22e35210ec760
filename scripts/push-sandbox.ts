/**
 * A stand-in browser push service for the tests (docs/rules.md#ready-notifications), started by the tests
 * themselves on 127.0.0.1 and a free port: the receiving end of RFC 8030 (a POST to the subscription's
 * address with a `TTL` header, answered 201 with a `Location`), which checks the VAPID `Authorization`
 * (RFC 8292: `vapid t=<JWT>, k=<public key>`, an ES256 signature by that key, `aud` this service's origin,
 * `exp` within 24 h, a `sub`) and decrypts the body (RFC 8291, `Content-Encoding: aes128gcm`) with the keys it
 * made when the test "subscribed", as a browser would. The tests read the decrypted text. A subscription can
 * be told to answer 410 Gone (the browser unsubscribed).
 *
 * The server admits it through `UMENU_PUSH_ENDPOINTS=http://127.0.0.1:PORT` (its exact origin).
 */
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, randomUUID, verify } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface PushedMessage {
  /** The decrypted payload (UTF-8). */
  text: string;
  ttl: number;
  urgency: string | undefined;
  /** The VAPID public key the request was signed with (base64url) and the JWT's claims. */
  vapidKey: string;
  claims: { aud: string; exp: number; sub: string };
}

export interface SandboxSubscription {
  id: string;
  /** The browser's `PushSubscription.toJSON()`. */
  json: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
}

export interface PushSandbox {
  origin: string;
  /** A new subscription, as a browser makes one: its own ECDH key pair and auth secret. */
  subscribe(): SandboxSubscription;
  /** What a subscription received so far. */
  messages(id: string): PushedMessage[];
  /** Waits until a subscription has received `count` messages. */
  until(id: string, count: number, timeoutMs?: number): Promise<PushedMessage[]>;
  /** From now on, this subscription's address answers 410 Gone. */
  gone(id: string): void;
  /** Requests refused (bad VAPID, bad encryption…), with why. */
  refused(): string[];
  close(): Promise<void>;
}

const b64url = (buf: Buffer) => buf.toString('base64url');

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** RFC 8292: `vapid t=<JWT>, k=<key>`; throws with the reason when it does not hold. */
function checkVapid(
  header: string | undefined,
  origin: string,
  now: number,
): Pick<PushedMessage, 'vapidKey' | 'claims'> {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`Authorization is not «vapid t=…, k=…»: ${header}`);
  const [, jwt, key] = match as unknown as [string, string, string];
  const [head, body, signature] = jwt.split('.');
  if (!head || !body || !signature) throw new Error('the JWT has not three parts');
  const header64 = JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg?: string; typ?: string };
  if (header64.alg !== 'ES256') throw new Error(`JWT alg ${header64.alg}`);
  const point = Buffer.from(key, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Error('k is not an uncompressed P-256 point');
  const publicKey = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64url(point.subarray(1, 33)), y: b64url(point.subarray(33)) },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Error('the JWT signature does not verify with k');
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as { aud?: string; exp?: number; sub?: string };
  if (claims.aud !== origin) throw new Error(`aud ${claims.aud} is not ${origin}`);
  const seconds = now / 1000;
  if (typeof claims.exp !== 'number' || claims.exp <= seconds || claims.exp > seconds + 24 * 3600)
    throw new Error(`exp ${claims.exp} is not within 24 h`);
  if (!claims.sub) throw new Error('no sub');
  return { vapidKey: key, claims: claims as PushedMessage['claims'] };
}

/** RFC 8291 + RFC 8188: one `aes128gcm` record, decrypted with the subscription's private key and auth secret. */
function decrypt(body: Buffer, ecdh: ReturnType<typeof createECDH>, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const serverKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  if (idLength !== 65) throw new Error(`keyid is ${idLength} bytes, not the sender's 65-byte public key`);
  if (record.length > recordSize) throw new Error('more than one record');
  const secret = ecdh.computeSecret(serverKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), serverKey]);
  const ikm = Buffer.from(hkdfSync('sha256', secret, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02 and zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}

export async function startPushSandbox(now: () => number = Date.now): Promise<PushSandbox> {
  const subscriptions = new Map<
    string,
    { ecdh: ReturnType<typeof createECDH>; auth: Buffer; messages: PushedMessage[]; gone: boolean }
  >();
  const refusals: string[] = [];
  const waiters = new Set<() => void>();
  let origin = '';

  const server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const match = /^\/push\/([\w-]+)$/.exec(req.url ?? '');
      const sub = match ? subscriptions.get(match[1]!) : undefined;
      if (req.method !== 'POST' || !sub) return res.writeHead(404).end();
      if (sub.gone) return res.writeHead(410).end();
      try {
        const ttl = Number(req.headers.ttl);
        if (req.headers.ttl === undefined || !Number.isInteger(ttl) || ttl < 0) throw new Error('no TTL header');
        if (req.headers['content-encoding'] !== 'aes128gcm')
          throw new Error(`Content-Encoding ${req.headers['content-encoding']}`);
        const vapid = checkVapid(req.headers.authorization, origin, now());
        const text = decrypt(body, sub.ecdh, sub.auth);
        const urgency = req.headers.urgency as string | undefined;
        sub.messages.push({ text, ttl, urgency, ...vapid });
        for (const wake of [...waiters]) wake();
        res.writeHead(201, { location: `/message/${randomUUID()}` }).end();
      } catch (error) {
        refusals.push(String(error));
        for (const wake of [...waiters]) wake();
        res.writeHead(400).end(String(error));
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    subscribe() {
      const id = randomUUID();
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      subscriptions.set(id, { ecdh, auth, messages: [], gone: false });
      return {
        id,
        json: {
          endpoint: `${origin}/push/${id}`,
          expirationTime: null,
          keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) },
        },
      };
    },
    messages: (id) => [...(subscriptions.get(id)?.messages ?? [])],
    until(id, count, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const got = subscriptions.get(id)?.messages ?? [];
          if (got.length >= count) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve([...got]);
          } else if (refusals.length) {
            waiters.delete(check);
            clearTimeout(timer);
            reject(new Error(`the push service refused a request: ${refusals.join('; ')}`));
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`${count} push messages did not arrive`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    gone(id) {
      const sub = subscriptions.get(id);
      if (sub) sub.gone = true;
    },
    refused: () => [...refusals],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
