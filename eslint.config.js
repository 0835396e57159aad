// The lint rules (npm run lint, part of npm test): TypeScript's recommended rules, the rules of React hooks and
// the accessibility rules of JSX. Formatting is Prettier's (npm run format, .prettierrc); none of these rules is about
// layout, so the two never disagree (eslint-config-prettier's check finds only no-unexpected-multiline, which Prettier's
// output never trips).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';

export default tseslint.config(
  { ignores: ['dist/', 'dist-server/', 'dist-studio/', 'node_modules/', '.build-cache/', '.bench/', '.screenshots/', '.data/', 'src/generated/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // TypeScript checks names (npm run typecheck); ESLint's own check does not know the DOM's or Node's.
      'no-undef': 'off',
      // The code removes control characters on purpose (XML, article HTML, mail headers), with regular expressions.
      'no-control-regex': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
    },
  },
  { files: ['**/*.tsx'], ...jsxA11y.flatConfigs.recommended },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', window: 'readonly', document: 'readonly' } },
  },
);
