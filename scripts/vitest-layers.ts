/**
 * A vitest reporter for `npm test` (scripts/test.ts): writes the number of tests per layer —
 * unit (project `main`, outside tests/server), API on SQLite (project `main`, tests/server),
 * API on PostgreSQL (project `server-pg`) — as passed / failed / skipped, to the JSON file
 * named by `UMENU_VITEST_LAYERS`.
 */
import { writeFileSync } from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';

export type Layers = Record<string, [passed: number, failed: number, skipped: number]>;

export default class LayerCounts implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const out = process.env.UMENU_VITEST_LAYERS;
    if (!out) return;
    const layers: Layers = {
      'unit (vitest)': [0, 0, 0],
      'API on SQLite (vitest)': [0, 0, 0],
      'API on PostgreSQL (vitest)': [0, 0, 0],
    };
    for (const module of testModules) {
      const layer =
        module.project.name === 'server-pg'
          ? 'API on PostgreSQL (vitest)'
          : module.moduleId.includes('/tests/server/')
            ? 'API on SQLite (vitest)'
            : 'unit (vitest)';
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        layers[layer]![state === 'passed' ? 0 : state === 'failed' ? 1 : 2] += 1;
      }
    }
    writeFileSync(out, JSON.stringify(layers));
  }
}
