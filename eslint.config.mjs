// ESLint's flat config: JavaScript's recommended rules everywhere, typescript-eslint's type-aware
// rules on src/ (the shipped code), its syntax-only rules on tests (type-aware linting of test/
// would double the time `npm run lint` takes; jest's transform, @swc/jest, only strips their types,
// so their types are not checked anywhere today).
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-check/**',
      'coverage/**',
      'schema/**',
      'bench/results/**',
      // Written to fail the type check on purpose (test/api/scenario-types.test.ts compiles them).
      'test/api/types-fixtures/**',
    ],
  },
  js.configs.recommended,
  {
    // `const { a: _a, ...rest } = x` is how a key is left out; `_name` marks a parameter a signature needs.
    rules: { 'no-unused-vars': ['error', { ignoreRestSiblings: true, argsIgnorePattern: '^_', caughtErrors: 'none' }] },
  },
  {
    files: ['**/*.ts'],
    extends: [tseslint.configs.recommended],
  },
  {
    files: ['src/**/*.ts'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // Node 20's global `performance` is a lazy getter looked up on every use: a request reads
      // the clock three times, and performance.now() through the import costs 252 instructions
      // against 436 through the global (callgrind, a million calls).
      'no-restricted-globals': [
        'error',
        { name: 'performance', message: "import { performance } from 'node:perf_hooks' (the global is a getter)" },
      ],
    },
  },
  {
    files: ['**/*.ts'],
    rules: {
      // require() is how this code loads a module on first use (a plain start loads only what it
      // serves with; a test loads a fresh copy); import() would make those call paths async.
      '@typescript-eslint/no-require-imports': 'off',
      // An async method may implement an interface another store fulfils by waiting (Redis); no await is no bug there.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { ignoreRestSiblings: true, argsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
  {
    files: [
      'scripts/**/*.js',
      'bench/**/*.js',
      'bin/**/*.js',
      'examples/**/*.js',
      'test/helpers/*.js',
      '*.cjs',
      'jest.config.js',
      'test/fixtures/parallel-sessions/jest.config.js',
    ],
    languageOptions: { sourceType: 'commonjs', globals: globals.node },
  },
  {
    files: ['eslint.config.mjs'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['src/dashboard/**/*.js'],
    languageOptions: { sourceType: 'module', globals: globals.browser },
  },
  {
    // The page's one classic script: it starts the modules, so it must run when they cannot.
    files: ['src/dashboard/start.js'],
    languageOptions: { sourceType: 'script' },
  },
);
