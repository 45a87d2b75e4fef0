import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.tools/**', 'coverage/**', '**/*.d.ts', '.bench/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // Type-aware rules for TypeScript, with test files too: tsconfig.test.json includes every source,
    // test and script file of the workspace (the package tsconfigs leave the tests out).
    files: ['**/*.ts', '**/*.tsx'],
    extends: [tseslint.configs.recommendedTypeCheckedOnly],
    languageOptions: {
      parserOptions: {
        project: ['./tsconfig.test.json', './apps/discovery-web/tsconfig.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      // Async methods implementing async ports (MarketDataProvider, chunk sources) need no await:
      // `async` turns a throw into a rejection, which dropping it to satisfy this rule would not.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // Tests read JSON responses as `any` (ApiResponse.body, fetch().json()) and check each value with expect().
    files: ['**/*.test.ts', '**/test/**/*.ts', '**/test-support/**/*.ts', 'packages/test-utils/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        Buffer: 'readonly',
        require: 'readonly',
        module: 'writable',
        __dirname: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        setImmediate: 'readonly',
        URL: 'readonly',
        AbortController: 'readonly',
        performance: 'readonly',
        TextDecoder: 'readonly',
        TextEncoder: 'readonly',
        structuredClone: 'readonly',
        fetch: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
      eqeqeq: ['error', 'smart'],
      // A package is used through its public entry point, never by a path into its sources or build.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '@disc/*/src/**',
                '@disc/*/dist/**',
                '@stmt/*/src/**',
                '@stmt/*/dist/**',
                '@fin/*/src/**',
                '@fin/*/dist/**',
              ],
              message: 'Import the package by its name, not a path into it.',
            },
            {
              group: ['**/packages/**', '**/apps/**'],
              message: 'Import another package by its name (shared test helpers: @fin/test-utils).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
