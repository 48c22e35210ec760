/**
 * dependency-cruiser: the house rules of the architecture, checked by `npm run lint`.
 * dependency-cruiser does not read `.astro` files, so imports made only from pages, layouts and
 * Astro components are not seen here; eslint.config.js repeats the src/ → server/ rule for them.
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'browser-imports-server',
      comment: 'The browser code (src/) never imports the reference API (server/): a deployer may replace it.',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^server/' },
    },
    {
      name: 'server-imports-browser-code',
      comment: 'The server imports only the shared contract (src/contract/) from src/.',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^src/', pathNot: '^src/contract/' },
    },
    {
      name: 'agent-imports-contract-only',
      comment:
        'The print agent (agent/) runs on a machine in the restaurant, apart from the API: from the rest of the ' +
        'repository it imports only the shared contract (src/contract/).',
      severity: 'error',
      from: { path: '^agent/' },
      to: { path: '^(src|server|scripts|tests)/', pathNot: '^src/contract/' },
    },
    {
      name: 'nothing-imports-agent',
      comment: 'The print agent is a program of its own: only its tests look inside it.',
      severity: 'error',
      from: { path: '^(src|server|scripts)/' },
      to: { path: '^agent/' },
    },
    {
      name: 'contract-not-self-contained',
      comment:
        'src/contract/ is shared by the browser and the server, so it imports nothing else from the repository ' +
        '(otherwise the server would pull in browser code through it).',
      severity: 'error',
      from: { path: '^src/contract/' },
      to: { path: '^(src|server|agent|scripts|tests)/', pathNot: '^src/contract/' },
    },
    {
      name: 'lib-imports-shell-or-features',
      comment:
        'Arrows point down: src/lib/ (HTTP client, config, storage, money, progress events) is used by the shell ' +
        'and the features and imports neither.',
      severity: 'error',
      from: { path: '^src/lib/' },
      to: { path: '^src/(shell|features|pages|layouts)/' },
    },
    {
      name: 'shell-imports-features',
      comment:
        'The shell (progress bar, page meta, toasts, error page) knows no feature: the app entry, the layout ' +
        "(src/layouts/Default.astro, whose script imports the features' registrations before the shell), " +
        'composes them. .astro files are not read here (see the top); eslint.config.js repeats this rule for them.',
      severity: 'error',
      from: { path: '^src/shell/' },
      to: { path: '^src/(features|pages|layouts)/' },
    },
    {
      name: 'db-imports-server',
      comment:
        'server/platform/db/ (connection, migrations) is the bottom of the server: it imports nothing else from server/ ' +
        '(demo data lives in server/demo/, which may import the database layer and the services).',
      severity: 'error',
      from: { path: '^server/platform/db/' },
      to: { path: '^server/', pathNot: '^server/platform/db/' },
    },
    {
      name: 'demo-outside-start-up',
      comment:
        "Demo data (server/demo/) is loaded only by the server's start-up (server/main.ts), the scripts and the " +
        'tests: no service or route depends on it.',
      severity: 'error',
      from: { pathNot: ['^server/demo/', '^server/main[.]ts$', '^scripts/', '^tests/'] },
      to: { path: '^server/demo/' },
    },
    {
      name: 'feature-insides',
      comment:
        'Features use each other only through their public module: a file in src/features/A may import ' +
        'from src/features/B only src/features/B/index.ts (or a second public module declared below).',
      severity: 'error',
      from: { path: '^src/features/([^/]+)/' },
      to: {
        path: '^src/features/[^/]+/',
        pathNot: [
          '^src/features/$1/',
          '^src/features/[^/]+/index\\.ts$',
          // Declared second public modules, each loaded on demand apart from its feature's index.ts:
          // the cart's panel comes only with the order drawer (checkout), so the venue page's
          // first-load JS, which imports cart/index.ts, does not carry it.
          '^src/features/cart/panel\\.ts$',
          // The panel islands' sign-in gate: React stays out of the account menu's chunk.
          '^src/features/auth/SessionGate\\.tsx$',
          // A venue page's script (no React) reads the stored cart and table seat through these:
          // the features' index.ts also export their React components.
          '^src/features/cart/stored\\.ts$',
          '^src/features/table-session/hint\\.ts$',
          // Pure rules the waiter's floor (src/features/floor/) shares with the diner's phone: the table cart's edit
          // queue (table-session's index.ts is loaded with every venue page and carries only light things) and the
          // menu's option rules (the menu feature has no index.ts: its pages import it directly).
          '^src/features/table-session/logic\\.ts$',
          '^src/features/menu/options\\.ts$',
        ],
      },
    },
    {
      name: 'cart-imports-checkout-or-orders',
      comment:
        'Dependencies point one way (menu → cart → checkout → orders): the cart never imports checkout or orders.',
      severity: 'error',
      from: { path: '^src/features/cart/' },
      to: { path: '^src/features/(checkout|orders)/' },
    },
    {
      name: 'no-feature-loops',
      comment:
        'Arrows between features run one way: no loop between feature folders (src/features/* or server/features/*), ' +
        'however many files it passes through. no-circular sees loops of files only; two features can import each ' +
        'other through different files without one. Something both need goes to a module both use ' +
        '(docs/architecture.md#arrows-point-one-way).',
      severity: 'error',
      scope: 'folder',
      from: { path: '^(src|server)/features/[^/]+/?$' },
      to: { path: '^(src|server)/features/[^/]+/?$', circular: true },
    },
    {
      name: 'no-circular',
      comment: 'Circular dependencies make load order matter and modules impossible to reason about alone.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'server-feature-public-module',
      comment:
        'A server feature (server/features/{name}/) reaches another one only through its public module, ' +
        'server/features/{other}/index.ts: what is inside a feature can change without touching the others.',
      severity: 'error',
      from: { path: '^server/features/([^/]+)/' },
      to: { path: '^server/features/[^/]+/', pathNot: ['^server/features/$1/', '^server/features/[^/]+/index[.]ts$'] },
    },
    {
      name: 'server-outside-features-public-module',
      comment:
        'The app, the start-up, the demo data and the scripts use a server feature only through its public module (index.ts).',
      severity: 'error',
      from: { path: '^(server|scripts)/', pathNot: '^server/features/' },
      to: { path: '^server/features/[^/]+/', pathNot: '^server/features/[^/]+/index[.]ts$' },
    },
    {
      name: 'features-below-the-app',
      comment:
        'A server feature declares what it needs (its routes take their own dependency interface): it imports neither ' +
        'the app, the start-up, the wiring (server/deps.ts) nor the OpenAPI gathering, which import it.',
      severity: 'error',
      from: { path: '^server/features/' },
      to: { path: '^server/(app|main|deps|openapi)[.]ts$' },
    },
    {
      name: 'platform-below-features',
      comment:
        'server/platform/ (http, problems, security headers, static files, config, db, events, rate limits) is the plumbing ' +
        'every feature stands on: it imports no feature and not the app.',
      severity: 'error',
      from: { path: '^server/platform/' },
      to: { path: '^server/(features/|app[.]ts|main[.]ts|deps[.]ts|demo/)' },
    },
    {
      name: 'no-orphans',
      comment: 'A module nothing imports and that imports nothing is dead code (or a missing import).',
      severity: 'error',
      from: {
        orphan: true,
        pathNot: [
          '(^|/)[.][^/]+[.](?:js|cjs|mjs|ts|cts|mts|json)$', // dotfiles
          '[.]d[.][cm]?ts$', // type declarations
          '(^|/)tsconfig[.]json$',
          '^[^/]+[.](?:js|cjs|mjs|ts)$', // tool configs at the root
          '^scripts/', // entry points run by npm scripts
          '^tests/', // test files are entry points
          // Imported only by .astro files, which dependency-cruiser cannot read (see the top).
          '^src/shell/splash-links[.]ts$',
          // Loaded by Astro as the `client:paint` directive (astro.config.mjs names it by path).
          '^src/lib/after-paint-directive[.]ts$',
        ],
      },
      to: {},
    },
    {
      name: 'not-to-unresolvable',
      comment: 'An import that does not resolve to a file or an installed package is broken.',
      severity: 'error',
      from: {},
      to: {
        couldNotResolve: true,
        // Virtual modules provided by Astro and its Vite plugins at build time.
        pathNot: '^(astro:|virtual:)',
      },
    },
    {
      name: 'no-non-package-json',
      comment: 'Every package imported is declared in package.json (not reached through another package).',
      severity: 'error',
      from: {},
      to: { dependencyTypes: ['npm-no-pkg', 'npm-unknown'] },
    },
    {
      name: 'server-not-to-dev-dep',
      comment: 'The reference server runs in production: it may not import devDependencies.',
      severity: 'error',
      from: { path: '^server/' },
      to: { dependencyTypes: ['npm-dev'], dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: {
      path: '^(node_modules|dist|dist-[^/]*|public|[.]astro|[.]git|data|test-results|playwright-report|reports)/',
    },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    cache: { folder: 'node_modules/.cache/dependency-cruiser', strategy: 'content' },
    progress: { type: 'none' },
  },
};
