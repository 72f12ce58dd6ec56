// Lint with type information (issue 31): the rules that catch what the type checker does not —
// promises left floating or passed where a callback's result is ignored, awaiting what is not a
// promise — unused variables, and React's rules of hooks. Formatting is Prettier's (.prettierrc.json), not ESLint's.
// The one length rule is here because Prettier cannot break strings, templates or comments: no line over
// 160 characters anywhere, tests included (issue 31).
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['node_modules/**', '.next/**', '.data/**', '.test-data/**', 'test-results/**', '.scratch/**', 'next-env.d.ts', '**/*.js'],
  },
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { '@typescript-eslint': tseslint.plugin },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
    },
  },
  // React's rules where React code lives (elsewhere `use…` names are ordinary functions).
  {
    files: ['components/**/*.ts', 'components/**/*.tsx', 'app/**/*.ts', 'app/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  // Lines of at most 160 characters in every source file, tests included, strings, templates, comments and URLs too: split
  // a long message into concatenated literals, name the parts of a long template, re-wrap a comment.
  // (ESLint's own max-len, deprecated for formatting but available until ESLint 11; @stylistic/max-len is its successor.)
  // The .mjs and .cjs files are linted for this rule only; the rules above are for TypeScript.
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.mjs', '**/*.cjs'],
    rules: { 'max-len': ['error', { code: 160, tabWidth: 2 }] },
  },
);
