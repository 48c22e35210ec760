/**
 * `npm run lint`: ESLint (eslint.config.js), Prettier's formatting (.prettierrc.json), dependency-cruiser's house rules
 * (.dependency-cruiser.cjs), knip's unused files, exports and dependencies (knip.config.ts),
 * the check that comments cite only docs/ (scripts/check-citations.ts) and that SQL lives in
 * queries modules (scripts/check-sql.ts), and that the server's problem sentences come from the
 * contract (scripts/check-problem-wording.ts), side by
 * side: ESLint uses one core, so the other checks cost little extra wall time. All always run to
 * the end, so one report shows every problem.
 */
import { spawn } from 'node:child_process';

interface Check {
  label: string;
  args: string[];
}

const checks: Check[] = [
  // Warnings fail too: a warning nobody has to fix is noise.
  { label: 'ESLint', args: ['eslint', '--max-warnings', '0', '.'] },
  // Formatting is Prettier's (.prettierrc.json): `npm run format` writes it.
  { label: 'Prettier', args: ['prettier', '--check', '--log-level', 'warn', '.'] },
  { label: 'dependency-cruiser', args: ['depcruise', '--config', '.dependency-cruiser.cjs', '.'] },
  // Configuration hints (e.g. an ignore entry that no longer matches anything) fail as well.
  { label: 'knip', args: ['knip', '--no-progress', '--treat-config-hints-as-errors'] },
  // Comments cite docs/ headings that exist, and nothing outside the repository.
  { label: 'citations', args: ['node', 'scripts/check-citations.ts'] },
  // SQL only in a feature's queries.ts (and the platform's data modules).
  { label: 'SQL in queries modules', args: ['node', 'scripts/check-sql.ts'] },
  // The sentences of the API's problems come from the contract's *_MESSAGES, not inline strings.
  { label: 'problem wording', args: ['node', 'scripts/check-problem-wording.ts'] },
];

function run({ label, args }: Check): Promise<{ label: string; ok: boolean; output: string; seconds: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn('npx', args, { env: { ...process.env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0' } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) =>
      resolve({ label, ok: code === 0, output, seconds: (performance.now() - started) / 1000 }),
    );
    child.on('error', (error) => resolve({ label, ok: false, output: String(error), seconds: 0 }));
  });
}

const results = await Promise.all(checks.map(run));
for (const { label, ok, output, seconds } of results) {
  console.log(`\n${ok ? '✔' : '✖'} ${label} (${seconds.toFixed(1)} s)`);
  // npm's own config warnings are not about this project.
  const text = output
    .split('\n')
    .filter((line) => !line.startsWith('npm warn'))
    .join('\n')
    .replace(/^\s*\n/, '')
    .trimEnd();
  if (text) console.log(text);
}
process.exit(results.every((result) => result.ok) ? 0 : 1);
