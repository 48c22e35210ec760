/**
 * WAL checkpoints off the event loop. A checkpoint copies the WAL into the database
 * file and fsyncs it; done by the request-serving connection (SQLite's auto-checkpoint)
 * it stalls every request for tens of milliseconds. Instead the main connection has
 * auto-checkpoint off, and a worker thread with its own connection checkpoints
 * (PASSIVE: never blocks the writer) every `intervalMs`.
 */
import { Worker } from 'node:worker_threads';
import type { DatabaseSync } from 'node:sqlite';

type Db = DatabaseSync;

const WORKER_CODE = `
const { workerData, parentPort } = require('node:worker_threads');
const { DatabaseSync } = require('node:sqlite');
const db = new DatabaseSync(workerData.path);
db.exec('PRAGMA busy_timeout = 2000');
const timer = setInterval(() => {
  try { db.exec('PRAGMA wal_checkpoint(PASSIVE)'); } catch { /* busy: next time */ }
}, workerData.intervalMs);
parentPort.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  try { db.exec('PRAGMA wal_checkpoint(PASSIVE)'); } catch {}
  db.close();
  parentPort.postMessage('stopped');
  parentPort.close();
});
`;

export interface Checkpointer {
  stop(): Promise<void>;
}

export function startCheckpointer(db: Db, path: string, intervalMs = 1000): Checkpointer {
  if (path === ':memory:') return { stop: async () => {} };
  db.exec('PRAGMA wal_autocheckpoint = 0');
  const worker = new Worker(WORKER_CODE, { eval: true, workerData: { path, intervalMs } });
  worker.unref();
  let stopped: Promise<void> | undefined;
  worker.on('error', (error) => {
    console.error('[umenu] checkpoint worker failed; falling back to automatic checkpoints', error);
    db.exec('PRAGMA wal_autocheckpoint = 1000');
  });
  return {
    stop() {
      stopped ??= new Promise<void>((resolve) => {
        const timeout = setTimeout(() => void worker.terminate().then(() => resolve()), 2000);
        worker.once('exit', () => {
          clearTimeout(timeout);
          resolve();
        });
        worker.postMessage('stop');
      });
      return stopped;
    },
  };
}
