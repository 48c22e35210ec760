// @ts-check
/**
 * ESLint for `npm run lint` (dependency-cruiser checks the house rules on imports, see
 * .dependency-cruiser.cjs). Type-aware rules run on the TypeScript files through the project
 * service; `.astro` files get the Astro, accessibility and untyped TypeScript rules.
 */
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import astro from 'eslint-plugin-astro';
// The es-tooling fork of eslint-plugin-jsx-a11y (same rules, rule names prefixed `jsx-a11y-x/`):
// it supports ESLint 10, while the original (6.10.2, the latest) accepts ESLint ≤ 9 only. eslint-plugin-astro picks the fork up for its jsx-a11y rules.
import jsxA11y from 'eslint-plugin-jsx-a11y-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const typeScript = ['**/*.ts', '**/*.tsx', '**/*.mts', '**/*.cts'];

/** @param {ReadonlyArray<{ rules?: object }>} configs */
const rulesOf = (configs) => Object.assign({}, ...configs.map((config) => config.rules ?? {}));

const serverImport = { regex: '(^|/)server/', message: 'The browser code never imports server/.' };

/** The last block of eslint-plugin-astro's jsx-a11y preset holds its rules; the rest is the base. */
const astroA11y = astro.configs['jsx-a11y-recommended'].at(-1);

export default defineConfig(
  globalIgnores(['dist/', 'dist-*/', '.astro/', 'data/', 'test-results/', 'playwright-report/', 'reports/', 'public/']),
  { linterOptions: { reportUnusedDisableDirectives: 'error', reportUnusedInlineConfigs: 'error' } },

  js.configs.recommended,

  {
    files: typeScript,
    ignores: ['**/*.astro/*'], // scripts extracted from .astro files: see below
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Off: an async function without `await` is how fakes, adapters and stores implement a
      // Promise-returning interface; no-floating-promises and no-misused-promises catch the real mistakes.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['tests/**'],
    rules: {
      // Off in tests only: API and browser tests read JSON bodies and storage as `any` on purpose
      // and assert on them; the assertion is the check. The site and the server keep these rules.
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    extends: [tseslint.configs.recommended, tseslint.configs.disableTypeChecked],
  },

  {
    // The recommended set includes the React Compiler-based rules (purity, refs, set-state-in-effect…):
    // they hold for any React 19 code, compiled or not. Hooks also live in .ts modules.
    files: ['**/*.tsx', 'src/**/*.ts'],
    extends: [reactHooks.configs.flat.recommended],
  },
  {
    files: ['**/*.tsx'],
    extends: [jsxA11y.configs.recommended],
  },

  astro.configs.recommended,
  {
    files: ['**/*.astro'],
    ...(astroA11y ?? {}),
  },
  {
    // Frontmatter and scripts of .astro files keep eslint-plugin-astro's parsers and get the
    // untyped TypeScript rules: the project service has no type information for them.
    files: ['**/*.astro', '**/*.astro/*.ts', '**/*.astro/*.js'],
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: rulesOf([...tseslint.configs.recommended, tseslint.configs.disableTypeChecked]),
  },

  { files: ['src/**'], languageOptions: { globals: globals.browser } },
  {
    files: ['server/**', 'agent/**', 'scripts/**', 'tests/**', '*.{js,mjs,cjs,ts}'],
    languageOptions: { globals: globals.node },
  },
  { files: ['**/*.cjs'], languageOptions: { sourceType: 'commonjs', globals: globals.node } },

  {
    // dependency-cruiser cannot read .astro files, so its house rules that can apply to them are
    // repeated here: the browser code never imports server/ ...
    files: ['src/**/*.astro'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [serverImport] }],
    },
  },
  {
    // ... the shell's Astro components know no feature (the layout composes them) ...
    files: ['src/shell/**/*.astro'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            serverImport,
            {
              regex: '(^|/)features/',
              message: 'The shell imports no feature: the layout (src/layouts/Default.astro) composes them.',
            },
          ],
        },
      ],
    },
  },
  {
    // ... and a feature's Astro component reaches another feature only through its index.ts.
    files: ['src/features/*/*.astro'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            serverImport,
            {
              regex: '^[.][.]/(?![.])[^/]+/(?!index[.]ts$)',
              message: 'Features use each other only through their public module (src/features/<name>/index.ts).',
            },
          ],
        },
      ],
    },
  },
);
