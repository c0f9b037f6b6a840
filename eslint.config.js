import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

/** An import of one of our own top-level folders, from any depth. */
const ours = (...folders) => ({
  regex: `^(\\.\\./)+(${folders.join('|')})(/|$)`,
  message: `The dependency directions of docs/architecture.md: this folder does not import ${folders.join(', ')}.`,
});
const restrict = (files, ...patterns) => ({
  files,
  ignores: ['**/*.test.ts', '**/*.test.tsx'],
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'data', 'coverage', 'bin'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'react-hooks': reactHooks },
    rules: {
      // The classic hook rules; the React Compiler's stricter rules don't apply (we don't use the compiler).
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  // Dependencies point one way (docs/architecture.md); tests may reach across to set things up.
  restrict(['ui/**'], {
    regex: '^\\.\\./',
    message: 'ui/ imports nothing of ours: it is the design system.',
  }),
  restrict(['machines/**'], {
    regex: '^\\.\\./',
    message: 'machines/ imports nothing of ours: side effects enter as actors and actions.',
  }),
  restrict(['engine/**'], ours('app', 'machines', 'server')),
  restrict(['server/**'], ours('app', 'engine', 'machines', 'ui')),
  restrict(['schemas/**'], ours('app', 'engine', 'machines', 'server', 'ui')),
  restrict(['app/**'], ours('server')),
);
