/**
 * `npm test`: lint, type checks, unit and API tests (vitest: SQLite, and PostgreSQL when
 * installed), the site built once (scripts/site-build.ts, into `dist-test/`, reused by
 * `npm run budget -- --site dist-test`), then the browser tests (Playwright, a server per
 * worker). Installs Debian's Chromium when it can. Ends with the number of tests per layer
 * and the time of each step. `--unit` stops after vitest.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureTestChromium } from './chromium.ts';

const steps: { label: string; seconds: number }[] = [];
const layers: { layer: string; passed: number; failed: number; skipped: number }[] = [];
const started = performance.now();
const work = mkdtempSync(join(tmpdir(), 'umenu-test-'));

function summary(): void {
  if (layers.length > 0) {
    console.log('\nTests per layer (passed / failed / skipped):');
    for (const { layer, passed, failed, skipped } of layers) console.log(`  ${layer.padEnd(28)} ${String(passed).padStart(4)} / ${failed} / ${skipped}`);
  }
  console.log('\nTime per step:');
  for (const { label, seconds } of steps) console.log(`  ${label.padEnd(44)} ${format(seconds)}`);
  console.log(`  ${'Total'.padEnd(44)} ${format((performance.now() - started) / 1000)}`);
}

function format(seconds: number): string {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, '0')} s`;
}

function run(label: string, cmd: string, args: string[], env: NodeJS.ProcessEnv = {}, after?: () => void): void {
  console.log(`\n▶ ${label}`);
  const begin = performance.now();
  const result = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  steps.push({ label, seconds: (performance.now() - begin) / 1000 });
  after?.();
  if (result.status !== 0) {
    summary();
    console.error(`\n✖ ${label} failed (exit ${result.status ?? result.signal})`);
    rmSync(work, { recursive: true, force: true });
    process.exit(result.status ?? 1);
  }
}

/** Written by scripts/vitest-layers.ts. */
function countVitest(path: string): void {
  if (!existsSync(path)) return;
  const counts = JSON.parse(readFileSync(path, 'utf8')) as Record<string, [number, number, number]>;
  for (const [layer, [passed, failed, skipped]] of Object.entries(counts)) layers.push({ layer, passed, failed, skipped });
}

interface PlaywrightSuite { suites?: PlaywrightSuite[]; specs?: { tests: { projectName: string; status: string }[] }[] }

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
  for (const [project, [passed, failed, skipped]] of tally) layers.push({ layer: `browser, ${project} (Playwright)`, passed: passed!, failed: failed!, skipped: skipped! });
}

const chromium = ensureTestChromium();
const onlyUnit = process.argv.includes('--unit');

run('Lint (ESLint, dependency-cruiser)', 'npm', ['run', 'lint']);
run('Type check (astro check)', 'npx', ['astro', 'check', '--minimumFailingSeverity', 'error']);
const vitestLayers = join(work, 'vitest-layers.json');
run('Unit and API tests (vitest)', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=./scripts/vitest-layers.ts'], { UMENU_VITEST_LAYERS: vitestLayers }, () => countVitest(vitestLayers));
if (!onlyUnit) {
  if (!existsSync(chromium)) process.exit(1);
  // Once for the browser tests and the budget: against a fresh seeded API, so the demo
  // venues are prerendered exactly as a user's `npm start` does.
  run('Site build (scripts/site-build.ts → dist-test)', 'node', ['scripts/site-build.ts', 'dist-test', '--force']);
  const playwrightJson = join(work, 'playwright.json');
  run('Browser tests (Playwright, Chromium)', 'npx', ['playwright', 'test', '--reporter=list,json'],
    { CHROME_PATH: chromium, UMENU_SITE_BUILD: 'dist-test', PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson },
    () => countPlaywright(playwrightJson));
}
summary();
rmSync(work, { recursive: true, force: true });
console.log('\n✔ All checks passed');
