/**
 * A TCP proxy in front of the local server that plays a phone's network, for the budget's
 * repeat-visit figures (scripts/budget.ts). The browser talks to the proxy's origin, so the page
 * and its service worker go through the same network (DevTools throttling would leave the
 * worker's own requests out):
 *   - `direct`: bytes pass as they come;
 *   - `slow4g`: the applied "slow 4G" of Lighthouse's mobile preset: every chunk the server
 *     sends is delivered after the request latency (562.5 ms) and paced at 1,474.56 kbit/s;
 *   - `stall`: lie-fi — connections are accepted at once, but every chunk the browser sends
 *     (a request) is held `stallMs` before it reaches the server.
 * The mode applies to open connections too (a kept-alive connection stalls like a new one).
 */
import { createServer, connect, type Server, type Socket } from 'node:net';

export type NetworkMode = 'direct' | 'slow4g' | 'stall';

export interface NetworkProxy {
  origin: string;
  setMode(mode: NetworkMode): void;
  close(): Promise<void>;
}

const SLOW_4G = { latencyMs: 562.5, downloadBitsPerMs: 1474.56, uploadBitsPerMs: 675 };

interface PacedWriter {
  write(chunk: Buffer, deliverAt: number): void;
  /** Ends the target once every chunk written so far is delivered. */
  end(): void;
}

/** Delivers chunks in order, each no earlier than its own time. */
function pacedWriter(target: Socket): PacedWriter {
  let last = 0;
  let pending = 0;
  let ending = false;
  const deliver = (chunk: Buffer) => {
    pending--;
    if (target.writable) target.write(chunk);
    if (ending && pending === 0) target.end();
  };
  return {
    write(chunk, deliverAt) {
      last = Math.max(deliverAt, last);
      pending++;
      const wait = last - performance.now();
      if (wait <= 0) deliver(chunk);
      else setTimeout(() => deliver(chunk), wait);
    },
    end() {
      ending = true;
      if (pending === 0) target.end();
    },
  };
}

export async function startNetworkProxy(
  targetPort: number,
  options: { stallMs?: number; host?: string } = {},
): Promise<NetworkProxy> {
  const host = options.host ?? '127.0.0.1';
  const stallMs = options.stallMs ?? 10_000;
  let mode: NetworkMode = 'direct';
  const sockets = new Set<Socket>();

  const server: Server = createServer({ allowHalfOpen: true }, (client) => {
    const upstream = connect({ port: targetPort, host, allowHalfOpen: true });
    sockets.add(client).add(upstream);
    const toServer = pacedWriter(upstream);
    const toClient = pacedWriter(client);
    // Bandwidth: when the link is next free in each direction.
    let upFreeAt = 0;
    let downFreeAt = 0;
    client.on('data', (chunk: Buffer) => {
      const now = performance.now();
      if (mode === 'stall') return toServer.write(chunk, now + stallMs);
      if (mode === 'slow4g') {
        upFreeAt = Math.max(now, upFreeAt) + (chunk.length * 8) / SLOW_4G.uploadBitsPerMs;
        return toServer.write(chunk, upFreeAt);
      }
      toServer.write(chunk, now);
    });
    upstream.on('data', (chunk: Buffer) => {
      const now = performance.now();
      if (mode === 'slow4g') {
        downFreeAt = Math.max(now, downFreeAt) + (chunk.length * 8) / SLOW_4G.downloadBitsPerMs;
        return toClient.write(chunk, downFreeAt + SLOW_4G.latencyMs);
      }
      toClient.write(chunk, now);
    });
    // A side that ends is ended on the other once what it sent is delivered; an error drops both.
    client.on('end', () => toServer.end());
    upstream.on('end', () => toClient.end());
    const drop = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', drop).on('close', () => sockets.delete(client));
    upstream.on('error', drop).on('close', () => sockets.delete(upstream));
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the network proxy has no port');
  return {
    origin: `http://${host}:${address.port}`,
    setMode(next) {
      mode = next;
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
