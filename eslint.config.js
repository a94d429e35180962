import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The agent core never talks to GitHub: it gets a logger, a workspace, a content generator, a
// policy and budgets as arguments. This keeps it testable and keeps GitHub writes in trusted code.
const coreMayNotImport = {
  patterns: [
    { group: ['@actions/*', '@octokit/*'], message: 'The agent core never talks to GitHub.' },
    {
      group: ['**/github/*', '**/report/*', '**/publish/*', '**/cli/*', '**/main.js'],
      message: 'The agent core may not depend on the Action or CLI layers.',
    },
  ],
};

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'coverage/',
      'node_modules/',
      '.tmp/',
      'evals/cases/',
      'evals/recordings/',
      'evals/results/',
      'test/fixtures/evals/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      globals: globals.node,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/restrict-template-expressions': [
        'error',
        { allowNumber: true, allowBoolean: true },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/agent/**', 'src/tools/**', 'src/policy/**', 'src/model/**'],
    rules: { 'no-restricted-imports': ['error', coreMayNotImport] },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  prettier,
);
