// ESLint (flat config): typescript-eslint's recommended rules, the size limits, and the house plan's room rules
// (docs: /work/shared/STYLE.md "The house plan"). `npm run lint` runs this, then `prettier --check .`.
// Not type-aware on purpose: the type-checked presets need a full TypeScript program (as slow as `tsc` itself,
// about a minute on two cores) and would reject the test files that tsconfig.json does not include yet.
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

const CODE = ['**/*.{ts,tsx,mts,js,mjs}', 'bin/cdnctl'];
/** The programs and the shared layer: the size limits hold here; tests, scripts and benchmarks are free. */
const SOURCES = ['{shared,cli,agent,monitor,daemon,portal/src,bin}/**/*.{ts,tsx}', 'bin/cdnctl'];

// ---- Room rules (import-x/no-restricted-paths resolves each import to a file, so `../../x.js` and `x.ts` agree).
const PROGRAMS = ['./cli', './agent', './monitor', './daemon', './portal'];
const ROOMS = [
  { target: './shared', from: PROGRAMS, message: 'shared/ imports no program (house plan).' },
  {
    target: './cli',
    from: './daemon',
    except: ['./entry.ts'],
    message: 'The CLI enters the daemon only through daemon/entry.ts (house plan).',
  },
  {
    target: './agent',
    from: '.',
    except: ['./agent', './shared', './node_modules'],
    message: 'agent/ imports only shared/ (house plan).',
  },
  {
    target: './monitor',
    from: '.',
    except: ['./monitor', './shared', './node_modules'],
    message: 'monitor/ imports only shared/ (house plan).',
  },
  {
    target: './daemon',
    from: ['./cli', './agent', './monitor', './portal'],
    message: 'daemon/ imports no other program.',
  },
  {
    target: './portal/src',
    from: '.',
    except: ['./portal', './shared', './node_modules'],
    message: 'portal/src imports only shared/ and its own files (house plan).',
  },
  { target: './daemon/store', from: './daemon/services', message: 'daemon/store sits under the services.' },
  {
    target: './daemon/store/sqlite',
    from: './daemon/store/postgres',
    message: 'The store adapters never import each other: move what both need to daemon/store/.',
  },
  {
    target: './daemon/store/postgres',
    from: './daemon/store/sqlite',
    message: 'The store adapters never import each other: move what both need to daemon/store/.',
  },
];
/** Services and the store know nothing of HTTP: they take typed input and throw framework-free errors. */
const NO_HTTP = {
  target: ['./daemon/services', './daemon/store'],
  from: ['./daemon/http', './daemon/routes', './daemon/edge'],
  message: 'daemon/services and daemon/store import nothing of HTTP (http/, routes/, edge/).',
};
const FASTIFY = {
  patterns: [
    {
      group: ['fastify', 'fastify/*', 'fastify-*', '@fastify/*'],
      message: 'daemon/services and daemon/store do not import Fastify.',
    },
  ],
};
const HTTP_FREE_LAYERS = ['daemon/services/**', 'daemon/store/**'];

// ---- Function length: 60 lines (STYLE.md aims at ~40), counted from the first line to the last, nested functions
// included, as scripts/long-functions.mjs did. These files hold a function over the limit; each may not grow past
// its length today and leaves the list once split. File-scoped, so the whole file gets that ceiling.
// Lengths as Prettier wraps the code (the one reformat made some functions longer than they were by hand).
const LONG_FUNCTIONS_NOT_YET = {
  'daemon/routes/index.ts': 80, // allRoutes: one line per route module, and every issue adds one
  'daemon/routes/ssl-keys.ts': 140, // sslKeyRoutes
  'daemon/routes/user-deliveryservices.ts': 97, // userDeliveryServiceRoutes
  'daemon/routes/url-keys.ts': 88, // urlKeyRoutes
  'daemon/routes/servers.ts': 65, // serverRoutes
  'daemon/routes/profiles.ts': 67, // profileRoutes
  'daemon/routes/origins.ts': 76, // originRoutes
  'daemon/store/sqlite/server-flags.ts': 89, // sqliteServerFlags
  'daemon/store/deliveryservices.ts': 73, // toDeliveryService
  'daemon/store/sqlite/serverchecks.ts': 80, // sqliteServerChecks
  'daemon/store/sqlite/sessions.ts': 72, // sqliteSessions
  'daemon/store/sqlite/origins.ts': 69, // sqliteOrigins
  'daemon/store/sqlite/keystore.ts': 69, // sqliteKeyStore
  'daemon/app.ts': 70, // buildApp
  'daemon/server.ts': 80, // serveOn
  'daemon/format/deliveryservices.ts': 72, // seedRecord
  'daemon/format/deliveryservices-go.ts': 69, // v14
  'daemon/routes/deliveryservice-servers.ts': 61,
  'daemon/routes/jobs-api.ts': 89,
  'daemon/routes/jobs.ts': 73,
  'daemon/routes/serverchecks.ts': 83,
  'daemon/store/sqlite/login-failures.ts': 69,
  'daemon/store/sqlite/servers.ts': 64,
  'portal/src/grid/GridToolbar.tsx': 68,
  'portal/src/screens/CompleteRegistrationScreen.tsx': 70,
  'portal/src/screens/CreateUserForm.tsx': 63,
  'portal/src/screens/PasswordForm.tsx': 62,
  'portal/src/screens/ServersScreen.tsx': 84,
};
const functionLength = (max) => ['error', { max, skipBlankLines: false, skipComments: false, IIFEs: true }];
// File length: STYLE.md's ~300 lines. These were longer when the rule came in and may not grow.
const LONG_FILES_NOT_YET = {
  // Append-only migration SQL: shipped steps are never edited, so the files only grow.
  'daemon/store/migration-sql/postgres.ts': 460,
  'daemon/store/migration-sql/sqlite.ts': 422,
  'daemon/store/deliveryservices.ts': 323,
  'daemon/services/snapshot/read-records.ts': 308,
  'shared/rules/users/common-passwords.ts': 410,
};
const fileLength = (max) => ['error', { max, skipBlankLines: false, skipComments: false }];

export default defineConfig(
  {
    ignores: [
      'dist/**',
      'coverage/**',
      'bench/results/**',
      '.tmp/**',
      '**/node_modules/**',
      'test/portal/e2e/screenshots/**',
    ],
  },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  {
    files: CODE,
    extends: [js.configs.recommended, tseslint.configs.recommended],
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      // import-x reads a dependency only if its extension is listed here (no-cycle walks the imports this way).
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts'] },
      // Never parse packages' own files: the room rules and no-cycle are about our code.
      'import-x/ignore': ['node_modules'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['tsconfig.json', 'portal/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      // `_name` marks a parameter or binding kept for its position; `{ dropped, ...rest }` omits a field.
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
      // Off: the code matches terminal escapes (\x1b) and refuses control characters on purpose, by regex.
      'no-control-regex': 'off',
      // Off: the tests match CLI tables, whose runs of spaces read best as printed.
      'no-regex-spaces': 'off',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: ROOMS }],
    },
  },
  {
    files: HTTP_FREE_LAYERS,
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...ROOMS, NO_HTTP] }],
      'no-restricted-imports': ['error', FASTIFY],
    },
  },
  { files: ['portal/src/**'], languageOptions: { globals: { ...globals.browser } } },
  { files: SOURCES, rules: { 'max-lines-per-function': functionLength(60), 'max-lines': fileLength(300) } },
  ...Object.entries(LONG_FUNCTIONS_NOT_YET).map(([file, max]) => ({
    files: [file],
    rules: { 'max-lines-per-function': functionLength(max) },
  })),
  ...Object.entries(LONG_FILES_NOT_YET).map(([file, max]) => ({
    files: [file],
    rules: { 'max-lines': fileLength(max) },
  })),
);
