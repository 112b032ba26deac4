// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * Layers point one way (docs/architecture.md):
 *   renderer → shared;  electron/{main,preload,web,cli} → electron/core → shared;  sandbox → shared.
 * `import-x/no-restricted-paths` forbids the reverse arrows by folder; `no-restricted-imports` forbids
 * packages per layer. Flat config does not merge a rule's options, so each folder gets one block with its
 * full list. test/lint-fixtures/ holds a wrong import per rule; scripts/check-lint-fixtures.mjs proves each fires.
 */
const zone = (target, from, message) => ({ target, from, message });
const layerZones = [
  zone('./shared', ['./electron', './renderer', './sandbox'], 'shared/ is pure: it imports no other layer.'),
  zone(
    './electron/core',
    ['./electron/main', './electron/preload', './electron/web', './electron/cli', './renderer', './sandbox'],
    'electron/core imports only shared/.',
  ),
  zone(
    './renderer',
    ['./electron', './sandbox'],
    'the renderer talks to main only through the IPC contract in shared/ipc.',
  ),
  zone(
    ['./renderer/i18n', './renderer/components', './renderer/forms'],
    ['./renderer/app', './renderer/features'],
    'renderer/i18n, components and forms know no store and no feature: they get what they show as props or parameters (the locale from useLocale()).',
  ),
  zone(
    './renderer/features/document-view',
    ['./renderer/features/inbox', './renderer/features/pages', './renderer/features/claims'],
    'the document view (preview, its page readers, the shown page) serves the inbox, the page tools and the claims screen: it imports none of them.',
  ),
  zone(
    './renderer/features/pages',
    './renderer/features/inbox',
    'the page tools sit below the inbox (the inbox shows the page strip): they import the document view, not the inbox.',
  ),
  zone(
    ['./renderer/features/**/*-slice.ts', './renderer/app/*-slice.ts'],
    './renderer/app/store.ts',
    'a slice names the state it reads with the AppState type (app/app-state.ts), never the bound store it is built into.',
  ),
  zone(
    // Minimatch globs: every folder of electron/core but ipc/, every file at its top but errors.ts.
    ['./electron/core/!(ipc)/**', './electron/core/!(errors).ts'],
    './shared/ipc/channels',
    'electron/core speaks in domain types (shared/domain, shared/platform); only core/ipc (the handlers) and the error mapping (errors.ts) know the IPC channels.',
  ),
  zone(
    // Tests may parse with the contract's schemas as the renderer does; product code may not.
    ['./electron/core/!(ipc)/**/!(*.test).ts', './electron/core/!(errors|*.test).ts'],
    './shared/ipc/contract.ts',
    "core services follow the core's domain events (core/events/domain-events.ts), not the screen's IPC events: only core/ipc projects them onto the contract.",
  ),
  zone('./sandbox', ['./electron', './renderer'], 'the sandbox is the platform: it imports only shared/.'),
  zone(
    ['./electron', './renderer', './shared', './sandbox'],
    ['./**/test-support/**'],
    'test-support/ folders hold test helpers (fixtures, harnesses, generators): only tests and other test helpers import them.',
  ),
  zone(
    './electron/preload',
    ['./electron/core', './electron/main', './electron/web', './electron/cli', './renderer'],
    'the preload is sandboxed: shared/ only (bundled).',
  ),
];

const nodeBuiltins = { group: ['node:*'], message: 'no Node built-ins in this layer.' };
const electronPkg = { name: 'electron', message: 'only electron/main and electron/preload may use Electron.' };
const reactPkgs = [
  { name: 'react', message: 'React belongs to the renderer.' },
  { name: 'react-dom', message: 'React belongs to the renderer.' },
];
const nodeOnlyPkgs = ['keytar', 'chokidar', 'form-data', 'better-sqlite3', 'ws'].map((name) => ({
  name,
  message: `${name} is a Node module: main-process code only.`,
}));

/**
 * The queue's database and its documents' table belong to the SQLite engines (docs/architecture.md, "Storage
 * ports"): the services work through the ports.
 */
const queueInternals = {
  group: ['**/queue/document-store', '**/queue/queue-database'],
  importNames: ['DocumentStore', 'QueueDatabase'],
  message:
    "capture and the suggestions work through the storage ports, not the queue's database or store; a table of their own in that database is an SQLite engine's (sqlite-*.ts, *-store.ts), built by the pipeline.",
};

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      '.tooling/**',
      'out/**',
      'dist/**',
      'test-results/**',
      'coverage/**',
      'bench/.work/**',
      'test/lint-fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })] },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: layerZones }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': ['error', { selector: 'ExportDefaultDeclaration', message: 'Use named exports.' }],
    },
  },
  {
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [electronPkg, ...reactPkgs, ...nodeOnlyPkgs], patterns: [nodeBuiltins] },
      ],
      'no-restricted-globals': ['error', 'window', 'document', 'process', 'Buffer', 'require'],
    },
  },
  {
    files: ['electron/core/**/*.ts', 'sandbox/**/*.ts', 'electron/cli/**/*.ts', 'electron/web/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [electronPkg, ...reactPkgs] }],
      'no-restricted-globals': ['error', 'window', 'document'],
    },
  },
  {
    files: ['electron/core/capture/**/*.ts', 'electron/core/suggestions/**/*.ts'],
    ignores: ['**/*-store.ts', '**/sqlite-*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [electronPkg, ...reactPkgs], patterns: [queueInternals] }],
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { paths: [electronPkg, ...nodeOnlyPkgs], patterns: [nodeBuiltins] }],
      'no-restricted-globals': ['error', 'process', 'Buffer', 'require'],
    },
  },
  {
    files: ['electron/preload/**/*.ts'],
    rules: {
      // The sandboxed preload gets only contextBridge/ipcRenderer; never expose ipcRenderer itself.
      'no-restricted-imports': ['error', { paths: [...reactPkgs, ...nodeOnlyPkgs], patterns: [nodeBuiltins] }],
    },
  },
  {
    files: [
      '**/*.test.{ts,tsx}',
      '**/test-support/**/*.{ts,tsx,mjs}',
      'test/**/*.ts',
      'bench/**/*.ts',
      'scripts/**/*.{js,mjs,ts}',
    ],
    rules: {
      'no-restricted-globals': 'off',
      'no-restricted-imports': 'off',
      'import-x/no-restricted-paths': 'off',
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportDefaultDeclaration', message: 'Use named exports.' },
        {
          // Vitest's toMatchObject takes a RegExp value as an object with no keys: it matches any value, so
          // the check can never fail. expect.stringMatching(…) is the matcher that checks.
          selector:
            "CallExpression[callee.property.name='toMatchObject'] :matches(Property, ArrayExpression) > Literal[regex]",
          message: 'A RegExp value inside toMatchObject matches anything: use expect.stringMatching(/…/).',
        },
      ],
    },
  },
  {
    // Build configuration runs in Node at build time, not in the renderer.
    files: ['*.config.{js,ts}', 'electron.vite.config.ts', 'vite.renderer.config.ts'],
    rules: { 'no-restricted-syntax': 'off', 'no-restricted-imports': 'off' },
  },
);
