/**
 * A throwaway PostgreSQL cluster for tests and benchmarks: `initdb` + `pg_ctl` on a free
 * loopback port, data and socket directories in a temp dir, no system service. As root
 * the binaries run as the `postgres` user (via `runuser`), as any other user directly.
 * Binaries: `UMENU_PG_BIN`, else `initdb` on PATH, else the newest /usr/lib/postgresql/<v>/bin
 * (Debian's `postgresql` package).
 *
 *   node scripts/pg-cluster.ts          # start one and print its URL; Ctrl-C stops it
 */
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, realpathSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export interface PgCluster {
  /** `postgres://umenu@127.0.0.1:PORT/umenu` */
  url: string;
  /** URL of database `name` on the same cluster. */
  urlFor(name: string): string;
  port: number;
  /** `pg_ctl restart -m fast`: every connection is dropped, the cluster is back when this resolves (tests of a database that goes away). */
  restart(): Promise<void>;
  stop(): void;
}

/** Directory holding initdb/pg_ctl, or undefined when PostgreSQL is not installed. */
export function findPgBin(): string | undefined {
  if (process.env.UMENU_PG_BIN)
    return existsSync(join(process.env.UMENU_PG_BIN, 'initdb')) ? process.env.UMENU_PG_BIN : undefined;
  // (A PATH entry may hold symlinks to a few of the binaries: use the directory they point into.)
  for (const dir of (process.env.PATH ?? '').split(':'))
    if (dir && existsSync(join(dir, 'initdb'))) return dirname(realpathSync(join(dir, 'initdb')));
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin') : undefined;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function uid(user: string): { uid: number; gid: number } | undefined {
  const result = spawnSync('id', ['-u', user], { encoding: 'utf8' });
  if (result.status !== 0) return undefined;
  const gid = spawnSync('id', ['-g', user], { encoding: 'utf8' });
  return { uid: Number(result.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

export async function startPgCluster(
  options: { port?: number; bin?: string; durable?: boolean } = {},
): Promise<PgCluster> {
  const bin = options.bin ?? findPgBin();
  if (!bin) throw new Error('PostgreSQL binaries not found (Debian: apt-get install -y postgresql)');
  const port = options.port ?? (await freePort());
  const dir = mkdtempSync(join(tmpdir(), 'umenu-pg-'));
  const data = join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  const owner = asRoot ? uid('postgres') : undefined;
  if (asRoot && !owner) throw new Error('running as root but there is no `postgres` user to run PostgreSQL as');
  if (owner) chownSync(dir, owner.uid, owner.gid);
  const command = (cmd: string, args: string[]): [string, string[]] =>
    owner ? ['runuser', ['-u', 'postgres', '--', join(bin, cmd), ...args]] : [join(bin, cmd), args];
  const run = (cmd: string, args: string[]) => {
    const [file, argv] = command(cmd, args);
    execFileSync(file, argv, { stdio: ['ignore', 'pipe', 'pipe'], cwd: dir });
  };
  try {
    run('initdb', ['-D', data, '-U', 'umenu', '--auth=trust', '-E', 'UTF8', '--no-sync', '--locale=C']);
    // Throwaway: durability off (fsync, full pages) for tests, which makes them I/O-light;
    // `durable` (benchmarks) keeps PostgreSQL's defaults: every commit is flushed.
    const fast = options.durable ? '' : ' -c fsync=off -c synchronous_commit=off -c full_page_writes=off';
    const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=300${fast}`;
    run('pg_ctl', ['-D', data, '-o', opts, '-l', join(dir, 'log'), '-w', '-t', '60', 'start']);
    run('createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', 'umenu', 'umenu']);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    const e = error as { stderr?: Buffer };
    throw new Error(`could not start PostgreSQL: ${e.stderr?.toString() ?? String(error)}`, { cause: error });
  }
  let stopped = false;
  const urlFor = (name: string) => `postgres://umenu@127.0.0.1:${port}/${name}`;
  return {
    url: urlFor('umenu'),
    urlFor,
    port,
    async restart() {
      const [file, argv] = command('pg_ctl', [
        '-D',
        data,
        '-m',
        'fast',
        '-w',
        '-t',
        '60',
        '-l',
        join(dir, 'log'),
        'restart',
      ]);
      await new Promise<void>((resolve, reject) =>
        execFile(file, argv, { cwd: dir }, (error) =>
          error ? reject(new Error(`pg_ctl restart failed: ${error.message}`, { cause: error })) : resolve(),
        ),
      );
    },
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
      } catch {
        /* already gone */
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const cluster = await startPgCluster(
    process.env.UMENU_TEST_PG_PORT ? { port: Number(process.env.UMENU_TEST_PG_PORT) } : {},
  );
  console.log(`PostgreSQL listo: UMENU_DATABASE_URL=${cluster.url}  (Ctrl-C lo detiene y borra)`);
  const stop = () => {
    cluster.stop();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  setInterval(() => {}, 1 << 30);
}
