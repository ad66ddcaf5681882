// One lint for the whole workspace, part of `npm test` with zero warnings allowed:
// typescript-eslint's recommended rules, React hooks' rules (exhaustive dependencies) in the client,
// and the import boundaries: the server's platform imports no feature, and a feature reaches
// another feature only through that feature's port (its index.ts).
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const FEATURES = ['accounts', 'catalog', 'comments', 'rooms', 'mail', 'media', 'notifications', 'messages', 'badges', 'flow'];

/** Any relative path into `feature` that is not its port. */
const deepInto = (features) => `^(\\.\\./)+(${features.join('|')})/(?!index$).+`;

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/.dist-build-*/**',
      '**/node_modules/**',
      'client/src/routeTree.gen.ts',
      '.test-output/**',
      '.data/**',
      'coverage/**',
      // MPEG transport streams of the demo clips, not TypeScript.
      'server/assets/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // Empty interfaces are how features augment the typed maps (DomainEventMap, JobMap).
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'always' }],
      // Typed text is cleaned of control characters: matching them is what those patterns are for.
      'no-control-regex': 'off',
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['server/src/platform/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: `^(\\.\\./)+(${FEATURES.join('|')})/`, message: 'The platform imports no feature: features register with it.' }] },
      ],
    },
  },
  ...FEATURES.map((feature) => ({
    files: [`server/src/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: deepInto(FEATURES.filter((other) => other !== feature)),
              message: 'A feature reaches another only through its port (its index.ts).',
            },
          ],
        },
      ],
    },
  })),
);
