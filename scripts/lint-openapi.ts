/**
 * `npm run lint:openapi`: writes the API document (server/openapi.ts) to a temporary
 * file and lints it with Redocly CLI's recommended rules (config: redocly.yaml). Exits with
 * Redocly's status: non-zero on any error; warnings kept on purpose are explained in the config.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openApiDocument } from '../server/openapi.ts';

export function lintOpenApi(): { status: number; output: string } {
  const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
  const dir = mkdtempSync(join(tmpdir(), 'umenu-openapi-'));
  try {
    const file = join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(openApiDocument(), null, 2));
    const cli = join(root, 'node_modules', '@redocly', 'cli', 'bin', 'cli.js');
    const result = spawnSync(
      process.execPath,
      [cli, 'lint', file, '--config', join(root, 'redocly.yaml'), '--format', 'stylish'],
      {
        cwd: root,
        encoding: 'utf8',
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      },
    );
    return { status: result.status ?? 1, output: `${result.stdout ?? ''}${result.stderr ?? ''}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { status, output } = lintOpenApi();
  process.stdout.write(output);
  process.exit(status);
}
