import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const webSrc = 'apps/web/src';
const features = readdirSync(new URL(`./${webSrc}/features`, import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const layer = (group, message) => ({ group, message });

/**
 * Imports flow one way in the web app: lib, components → features → routes → app.
 * A feature never imports another feature; routes compose them.
 */
const importDirection = [
  {
    files: [
      `${webSrc}/lib/**`,
      `${webSrc}/components/**`,
      `${webSrc}/config/**`,
      `${webSrc}/i18n/**`,
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            layer(
              ['@/features/*', '@/routes/*', '@/app/*'],
              'lib, components and config sit below features, routes and app.',
            ),
          ],
        },
      ],
    },
  },
  ...features.map((feature) => ({
    files: [`${webSrc}/features/${feature}/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            layer(['@/routes/*', '@/app/*'], 'features sit below routes and app.'),
            layer(
              features
                .filter((other) => other !== feature)
                .flatMap((other) => [`@/features/${other}`, `@/features/${other}/*`]),
              'A feature does not import another feature: compose them in a route.',
            ),
            layer(['../../*/'], 'Import across folders with the @/ alias.'),
          ],
        },
      ],
    },
  })),
  {
    files: [`${webSrc}/routes/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [layer(['@/app/*'], 'routes sit below app.')] },
      ],
    },
  },
  {
    files: ['apps/web/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            layer(['**/apps/server/**', '@raumregler/server'], 'The apps never import each other.'),
          ],
        },
      ],
    },
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'test-results/**',
      'playwright-report/**',
      '.reports/**',
      'data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['scripts/**', '**/scripts/**', '**/bench/**', 'apps/server/src/cli.ts', 'e2e/**'],
    rules: { 'no-console': 'off' },
  },
  {
    // Playwright fixtures destructure an empty object by design.
    files: ['e2e/**'],
    rules: { 'no-empty-pattern': 'off' },
  },
  ...importDirection,
);
