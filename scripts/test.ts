/**
 * `npm test`: lint, type checks, unit and API tests (vitest: SQLite, and PostgreSQL when
 * installed), the site built once (scripts/site-build.ts, into `dist-test/`, reused by
 * `npm run budget -- --site dist-test`), then the browser tests (Playwright, a server per
 * worker). Installs Debian's Chromium when it can. Ends with the number of tests per layer
 * and the time of each step. `--unit` stops after vitest.
 *
 * Two chains run side by side, because most of each one's time is waiting (timers, events,
 * the databases), not CPU: (1) lint → type check → vitest, their output shown as each step
 * ends; (2) site build → browser tests, their output live. Both always run to the end, so a
 * failure in one does not hide the other's.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureTestChromium } from './chromium.ts';

const steps: { label: string; seconds: number }[] = [];
const layers: { layer: string; passed: number; failed: number; skipped: number }[] = [];
const started = performance.now();
const work = mkdtempSync(join(tmpdir(), 'umenu-test-'));

function summary(): void {
  if (layers.length > 0) {
    console.log('\nTests per layer (passed / failed / skipped):');
    for (const { layer, passed, failed, skipped } of layers)
      console.log(`  ${layer.padEnd(28)} ${String(passed).padStart(4)} / ${failed} / ${skipped}`);
  }
  console.log('\nTime per step:');
  for (const { label, seconds } of steps) console.log(`  ${label.padEnd(44)} ${format(seconds)}`);
  console.log(`  ${'Total'.padEnd(44)} ${format((performance.now() - started) / 1000)}`);
}

function format(seconds: number): string {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, '0')} s`;
}

interface Step {
  label: string;
  cmd: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
  after?: () => void;
}

const failures: string[] = [];

/** Runs one step: its output live (`live`) or kept and printed as one block when it ends. */
function run({ label, cmd, args, env = {}, after }: Step, live: boolean): Promise<boolean> {
  const begin = performance.now();
  const output: Buffer[] = [];
  if (live) console.log(`\n▶ ${label}`);
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    });
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('close', (code, signal) => {
      const seconds = (performance.now() - begin) / 1000;
      steps.push({ label, seconds });
      if (!live)
        console.log(
          `\n▶ ${label} (${format(seconds)})\n${Buffer.concat(output).toString('utf8').trimEnd()}\n◀ ${label}`,
        );
      after?.();
      if (code !== 0) failures.push(`${label} failed (exit ${code ?? signal})`);
      resolve(code === 0);
    });
  });
}

/** Runs the steps one after another, stopping at the first that fails. */
async function chain(list: Step[], live: boolean): Promise<void> {
  for (const step of list) if (!(await run(step, live))) return;
}

/** Written by scripts/vitest-layers.ts. */
function countVitest(path: string): void {
  if (!existsSync(path)) return;
  const counts = JSON.parse(readFileSync(path, 'utf8')) as Record<string, [number, number, number]>;
  for (const [layer, [passed, failed, skipped]] of Object.entries(counts))
    layers.push({ layer, passed, failed, skipped });
}

interface PlaywrightSuite {
  suites?: PlaywrightSuite[];
  specs?: { tests: { projectName: string; status: string }[] }[];
}

function countPlaywright(path: string): void {
  if (!existsSync(path)) return;
  const report = JSON.parse(readFileSync(path, 'utf8')) as { suites: PlaywrightSuite[] };
  const tally = new Map<string, number[]>();
  const visit = (suite: PlaywrightSuite) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests) {
        const row = tally.get(t.projectName) ?? [0, 0, 0];
        row[t.status === 'expected' ? 0 : t.status === 'skipped' ? 2 : 1]! += 1;
        tally.set(t.projectName, row);
      }
    }
    for (const child of suite.suites ?? []) visit(child);
  };
  for (const suite of report.suites) visit(suite);
  for (const [project, [passed, failed, skipped]] of tally)
    layers.push({ layer: `browser, ${project} (Playwright)`, passed: passed!, failed: failed!, skipped: skipped! });
}

const chromium = ensureTestChromium();
const onlyUnit = process.argv.includes('--unit');
const vitestLayers = join(work, 'vitest-layers.json');
const playwrightJson = join(work, 'playwright.json');

const checks: Step[] = [
  { label: 'Lint (ESLint, dependency-cruiser, knip)', cmd: 'npm', args: ['run', 'lint'] },
  { label: 'Type check (astro check)', cmd: 'npx', args: ['astro', 'check', '--minimumFailingSeverity', 'error'] },
  {
    label: 'Unit and API tests (vitest)',
    cmd: 'npx',
    // One worker more than the cores: the API tests mostly wait for their databases.
    args: [
      'vitest',
      'run',
      `--maxWorkers=${availableParallelism() + 1}`,
      '--reporter=default',
      '--reporter=./scripts/vitest-layers.ts',
    ],
    env: { UMENU_VITEST_LAYERS: vitestLayers },
    after: () => countVitest(vitestLayers),
  },
];
const browser: Step[] = [
  // Once for the browser tests and the budget: against a fresh seeded API, so the demo
  // venues are prerendered exactly as a user's `npm start` does.
  {
    label: 'Site build (scripts/site-build.ts → dist-test)',
    cmd: 'node',
    args: ['scripts/site-build.ts', 'dist-test', '--force'],
  },
  {
    label: 'Browser tests (Playwright, Chromium)',
    cmd: 'npx',
    args: ['playwright', 'test', '--reporter=list,json'],
    env: { CHROME_PATH: chromium, UMENU_SITE_BUILD: 'dist-test', PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson },
    after: () => countPlaywright(playwrightJson),
  },
];
if (!onlyUnit && !existsSync(chromium)) process.exit(1);
await Promise.all([chain(checks, onlyUnit), onlyUnit ? Promise.resolve() : chain(browser, true)]);
summary();
rmSync(work, { recursive: true, force: true });
if (failures.length > 0) {
  for (const failure of failures) console.error(`\n✖ ${failure}`);
  process.exit(1);
}
console.log('\n✔ All checks passed');
