// @ts-check
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The web app's features, one folder each under apps/web/src/features. */
const WEB_FEATURES = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const FEATURE_BOUNDARY_MESSAGE =
  "Another feature's inner files are its own: import it through its index ('../features/<feature>' from routes and app, " +
  "'../../<feature>' from a feature), or move a piece several features share to app/, components/ or lib/.";

/**
 * Keeps web files out of other features' inner files: a feature offers what others use through its index.ts,
 * and files inside a feature import their own feature's files freely.
 * @param {string | null} ownFeature the feature the linted files belong to, or null outside features/
 */
function featureBoundaries(ownFeature) {
  const patterns = [
    // '../features/<feature>/<file>', as routes, app, components and lib would reach into a feature.
    { regex: String.raw`(^|/)features/[^/]+/(?!index$).+`, message: FEATURE_BOUNDARY_MESSAGE },
  ];
  if (ownFeature !== null) {
    // '../../<other feature>/<file>', as a file of one feature would reach into a sibling feature.
    const others = WEB_FEATURES.filter((name) => name !== ownFeature).join('|');
    patterns.push({
      regex: String.raw`^(\.\./)+(${others})/(?!index$).+`,
      message: FEATURE_BOUNDARY_MESSAGE,
    });
  }
  return /** @type {const} */ (['error', { patterns }]);
}

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': featureBoundaries(null) },
  },
  ...WEB_FEATURES.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: { 'no-restricted-imports': featureBoundaries(feature) },
  })),
  {
    // A server module reads another's data through that module's index.ts, never its repository.
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: String.raw`^\.\./[a-z-]+/[a-z-]+\.repository$`,
              message:
                "Another module's repository is its own: import what it offers from its index ('../<module>').",
            },
          ],
        },
      ],
    },
  },
  {
    // Tests read JSON answers by shape; typing every answer would add noise, not safety.
    files: ['**/*.test.ts', 'apps/server/src/testing/**', 'e2e/**'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
    },
  },
  { files: ['**/*.{js,mjs,cjs}'], ...tseslint.configs.disableTypeChecked },
);
