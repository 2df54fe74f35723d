import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const message = 'this layer may not import that (docs/architecture.md)';
/** Node built-ins by their bare names; `node:*` catches the prefixed form. */
const bareBuiltins = ['fs', 'path', 'child_process', 'os', 'crypto', 'http', 'net', 'url', 'util', 'stream', 'zlib', 'events'];
const nodeBuiltins = ['node:*'];
/** A group is a gitignore-style pattern or a RegExp (both given `message`), or a pattern with its own message. */
const restrict = (groups, { builtins = false } = {}) => [
  'error',
  {
    patterns: groups.map((group) =>
      group instanceof RegExp ? { regex: group.source, message } : typeof group === 'string' ? { group: [group], message } : group,
    ),
    paths: builtins ? bareBuiltins.map((name) => ({ name, message })) : [],
  },
];

/**
 * scripts/ holds command-line programs (the sample corpus, `npm start`) that use the app, never the
 * other way round: what both need lives in the app. Tests may use the corpus generator of scripts/.
 */
const noScripts = { regex: '(^|/)scripts/', message: 'app code does not import scripts/: move what both need into the app (docs/architecture.md)' };

/**
 * The core's folders (workers/), lowest first: a folder imports only the folders before it, so no
 * two folders import each other. Helpers with no domain and the handler context come first, then
 * the domains, each above those it builds on, then core/, which composes the domains' handlers,
 * and the shells around it. Tests and test helpers drive the whole core and are not held to it.
 */
const workerFolders = [
  'util',
  'db',
  'context',
  'categories',
  'failures',
  'model',
  'corpus',
  'compare-rollouts',
  'search',
  'rubrics',
  'retrieval',
  'bundle-codecs',
  'label-schemas',
  'import',
  'taxonomy',
  'labels',
  'export',
  'people',
  'runs',
  'curation',
  'mining',
  'judge',
  'pipeline',
  'core',
  'worker-connection',
  'serve',
  'cli',
];
const workerOrderMessage = `workers/ folders import only the folders below them: ${workerFolders.join(' < ')} (docs/architecture.md)`;
const workerBase = ['electron', '**/main/**', '**/renderer/**', '**/preload/**'];
/** The imports a file in workers/`folder` may not make: the folders above it, at any depth of the file. */
function workerFolderBlock(folder, index) {
  const above = workerFolders.slice(index + 1).map((name) => ({ regex: `^(\\.\\./)+${name}(/|$)`, message: workerOrderMessage }));
  return {
    files: [`workers/${folder}/**/*.ts`],
    ignores: ['**/*.test.ts', 'workers/**/test-support/**'],
    rules: { 'no-restricted-imports': restrict([...workerBase, noScripts, ...above]) },
  };
}

/**
 * The renderer's folders, lowest first: a folder imports only the folders before it, so no two
 * folders import each other. The first ones are layers any screen builds on; from `rubrics` on they
 * are domains, which reach into a lower domain only through its `index.ts` (what it offers others).
 */
const rendererLayers = ['lib', 'api', 'router', 'app-state', 'theme', 'people', 'components', 'monaco', 'commands'];
const rendererDomains = ['rubrics', 'import', 'runs', 'labels', 'compare', 'libraries', 'pipeline', 'compare-rollouts', 'rollout', 'corpus', 'settings'];
const rendererOrderMessage = `renderer folders import only the folders below them, and another domain only through its index: ${[...rendererLayers, ...rendererDomains].join(' < ')} (docs/architecture.md)`;
const rendererBase = [...nodeBuiltins, 'electron', '**/workers/**', '**/main/**', '**/preload/**', noScripts];
/** The imports a file in renderer folder `folder` may not make: folders above it, and other domains' internals. */
function rendererFolderBlock(folder, index, all) {
  const above = all.slice(index + 1).map((name) => ({ regex: `^\\.\\./${name}(/|$)`, message: rendererOrderMessage }));
  const lowerDomains = rendererDomains.includes(folder) ? rendererDomains.slice(0, rendererDomains.indexOf(folder)) : [];
  const internals = lowerDomains.map((name) => ({ regex: `^\\.\\./${name}/(?!index$)`, message: rendererOrderMessage }));
  const [level, options] = restrict(rendererBase, { builtins: true });
  return {
    files: [`renderer/src/${folder}/**/*.{ts,tsx}`],
    rules: { 'no-restricted-imports': [level, { ...options, patterns: [...options.patterns, ...above, ...internals] }] },
  };
}

export default tseslint.config(
  { ignores: ['out/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'e2e/screenshots/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
      // A query result cast with `as` is a type nobody checks: type the statement instead
      // (`db.prepare<Params, Row>(sql)`), so the row type is stated once, where the SQL is.
      'no-restricted-syntax': [
        'error',
        {
          selector: 'TSAsExpression > CallExpression.expression[callee.property.name=/^(get|all|iterate)$/]',
          message: 'do not cast a query result with `as`: type the statement (db.prepare<Params, Row>(sql))',
        },
      ],
    },
  },
  {
    // Scripts are command-line programs: printing is their job.
    files: ['scripts/**/*.{js,ts}', 'bench/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
  {
    // The contract is pure: no Node, no Electron, nothing from the layers that use it.
    files: ['common/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict([...nodeBuiltins, 'electron', '**/workers/**', '**/main/**', '**/renderer/**', '**/preload/**', noScripts], {
        builtins: true,
      }),
    },
  },
  {
    // The core never imports Electron or the shells.
    files: ['workers/**/*.ts'],
    rules: { 'no-restricted-imports': restrict([...workerBase, noScripts]) },
  },
  // The core's folder order (workerFolders above): one block per folder. Domains sit below core/, so
  // they never import it; what they share with it, HandlerContext and the jobs, lives in context/.
  ...workerFolders.map((folder, index) => workerFolderBlock(folder, index)),
  {
    files: ['workers/**/*.test.ts'],
    rules: { 'no-restricted-imports': restrict(workerBase) },
  },
  {
    // Copied into the page as they are (renderer/public), to run in the browser before the app.
    files: ['renderer/public/**/*.js'],
    languageOptions: { globals: { ...globals.browser }, sourceType: 'script' },
  },
  {
    // The renderer talks only to window.workbench; it shares types through common/.
    files: ['renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: { 'no-restricted-imports': restrict(rendererBase, { builtins: true }) },
  },
  // The renderer's folder order (rendererLayers, rendererDomains above): one block per folder.
  ...[...rendererLayers, ...rendererDomains].map((folder, index, all) => rendererFolderBlock(folder, index, all)),
  {
    // The shells wire things up; the corpus and its logic stay in the worker. Both shells share
    // the worker connection, which imports neither Electron nor the corpus; tests share the test helpers.
    files: ['main/**/*.ts', 'preload/**/*.ts'],
    rules: { 'no-restricted-imports': restrict(['better-sqlite3', /(^|\/)workers\/(?!worker-connection\/|test-support\/)/, '**/renderer/**', noScripts]) },
  },
);
