// @ts-check
import tseslint from 'typescript-eslint';

/** Imports a layer may not make, as no-restricted-imports patterns (relative paths, any depth). */
const outside = (...folders) => folders.map((folder) => `**/${folder}/**`);

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'test/fuzz/**/*.js'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // Test doubles and JSON from the wire are typed `any` where it keeps tests readable.
      '@typescript-eslint/no-explicit-any': 'off',
      'max-len': [
        'error',
        { code: 160, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreRegExpLiterals: true, ignoreComments: false, ignoreUrls: true },
      ],
    },
  },
  {
    // The domain is pure: it imports nothing outside src/domain (Node's crypto aside), and no data files:
    // keyword lists, fitted statistics and weights live in resources/ and come in as parameters.
    files: ['src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '../../*',
                '!../../domain/**',
                ...outside('analysis', 'http', 'eventstore', 'db', 'work', 'processes', 'reactors', 'projection-engine', 'cli', 'admin', 'resources'),
              ],
              message: 'The domain imports nothing outside src/domain.',
            },
            {
              group: ['**/*.json', '**/*.jsonl'],
              message: 'The domain holds no data: put the file under resources/ and pass its content in (src/resources loads it).',
            },
          ],
        },
      ],
    },
  },
  {
    // chai's property assertions (`expect(x).to.be.empty`) are expressions by design.
    files: ['test/**/*.ts'],
    rules: { '@typescript-eslint/no-unused-expressions': 'off' },
  },
  {
    // Command handlers decide and append; reading is for queries. A route (the HTTP edge) may answer with a query's result.
    files: ['commands/**/*.ts'],
    ignores: ['commands/**/route.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/queries/**'], message: 'Commands do not import queries.' }] }],
    },
  },
);
