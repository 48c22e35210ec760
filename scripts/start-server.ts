/**
 * Starts `scripts/start.ts` (what `npm start` runs) as a child process and waits until it
 * serves: the one way the budget, the API benchmark and the tests that need a real process
 * (start-up, SIGTERM, a killed instance) start the product.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from './pg-cluster.ts';

export interface StartedServer {
  child: ChildProcess;
  port: number;
  /** `http://127.0.0.1:{port}` */
  base: string;
  /** The process's exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  /** SIGTERM (graceful shutdown) and its exit code; SIGKILL if it has not exited after `graceMs`. */
  stop(graceMs?: number): Promise<number | null>;
}

export interface StartOptions {
  /** Environment on top of this process's (`PORT` is set from `port`). */
  env: Record<string, string | undefined>;
  /** A free loopback port when not given. */
  port?: number;
  /** Wait also until the site is built and `/` answers 200 (the budget). */
  site?: boolean;
  timeoutMs?: number;
  /** Where its output goes besides `output()`: `inherit` prints stderr here too (the benchmark). */
  stderr?: 'capture' | 'inherit';
}

const READY = 'umenu listo';

export async function startServer(options: StartOptions): Promise<StartedServer> {
  const port = options.port ?? (await freePort());
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['scripts/start.ts'], {
    env: { ...process.env, ...options.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', options.stderr === 'inherit' ? 'inherit' : 'pipe'],
  });
  // The last 256 KB of its output (a busy server writes a log line per request).
  let out = '';
  const keep = (chunk: Buffer) => {
    out += chunk.toString();
    if (out.length > 512 * 1024) out = out.slice(-256 * 1024);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const started: StartedServer = {
    child,
    port,
    base,
    exited,
    output: () => out,
    async stop(graceMs = 15_000) {
      if (child.exitCode !== null || child.signalCode !== null) return exited;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      try {
        return await exited;
      } finally {
        clearTimeout(timer);
      }
    },
  };
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  const failed = (why: string) => new Error(`scripts/start.ts ${why}:\n${out.slice(-3000)}`);
  try {
    while (!out.includes(READY)) {
      if (child.exitCode !== null) throw failed(`exited (${child.exitCode})`);
      if (Date.now() > deadline) throw failed('did not start in time');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    while (options.site) {
      if (child.exitCode !== null) throw failed(`exited (${child.exitCode})`);
      if (Date.now() > deadline) throw failed('did not serve the site in time');
      try {
        const health = (await (await fetch(`${base}/api/health`)).json()) as { building?: boolean };
        if (!health.building && (await fetch(`${base}/`)).status === 200) break;
      } catch {
        // not answering yet
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  } catch (error) {
    if (child.exitCode === null) child.kill('SIGKILL');
    throw error;
  }
  return started;
}
