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

/**
 * Imports flow one way in the web app: lib, components, config, i18n → features → routes → app.
 * A feature never imports another feature; routes compose them. Nothing in the web imports the
 * server, and the contract's schemas enter the web as types only (no schema library in the
 * first-view bundles).
 *
 * Flat config does not add up a rule's options: the last block that matches a file sets them.
 * So each file gets exactly one block below, computed as the union of every restriction that
 * applies to it (the web-wide ones, its layer's, and, for a feature, the other features and
 * relative paths that leave it). apps/web/src/layering.test.ts lints sample imports against it.
 */
const escapeRegex = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A relative import that climbs `ups` folders and then enters one of `folders`. */
const climbsInto = (ups, folders) =>
  `^(\\./)?(\\.\\./){${ups}}(${folders.map(escapeRegex).join('|')})(/|$)`;
/** The deepest folder level below a layer's folder that the config spells out. */
const maxDepth = 6;
const depthGlobs = (folder) =>
  Array.from({ length: maxDepth + 1 }, (_, depth) => ({
    depth,
    files: [`${webSrc}/${folder}/${'*/'.repeat(depth)}*`],
  }));

const webWide = {
  paths: [
    {
      name: '@raumregler/contract/schemas',
      allowTypeImports: true,
      message: 'The web imports only types from the schemas: use `import type`.',
    },
  ],
  patterns: [
    {
      regex: '^@raumregler/server(/|$)|(^|/)apps/server(/|$)|^(\\.\\./)+server/',
      message: 'The apps never import each other.',
    },
    {
      regex: '^@raumregler/contract/schemas/',
      allowTypeImports: true,
      message: 'The web imports only types from the schemas: use `import type`.',
    },
  ],
};

/** `above`: top-level folders of src this layer must not import, by alias or relative path. */
const layerBlocks = (folder, above, message, extraPatterns = () => []) => {
  const levels = folder.split('/').length;
  return depthGlobs(folder).map(({ depth, files }) => ({
    files,
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: webWide.paths,
          patterns: [
            ...webWide.patterns,
            ...(above.length
              ? [
                  {
                    regex: `^@/(${above.map(escapeRegex).join('|')})(/|$)`,
                    message,
                  },
                  { regex: climbsInto(levels + depth, above), message },
                ]
              : []),
            ...extraPatterns(depth),
          ],
        },
      ],
    },
  }));
};

const lower = ['lib', 'components', 'config', 'i18n'];
const importDirection = [
  {
    files: ['apps/web/**'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', webWide] },
  },
  ...lower.flatMap((folder) =>
    layerBlocks(
      folder,
      ['features', 'routes', 'app'],
      'lib, components, config and i18n sit below features, routes and app.',
    ),
  ),
  ...features.flatMap((feature) =>
    layerBlocks(
      `features/${feature}`,
      ['routes', 'app'],
      'features sit below routes and app.',
      (depth) => [
        {
          regex: `^@/features/(${features
            .filter((other) => other !== feature)
            .map(escapeRegex)
            .join('|')})(/|$)`,
          message: 'A feature does not import another feature: compose them in a route.',
        },
        {
          regex: `^(\\./)?(\\.\\./){${depth + 1}}`,
          message:
            'A relative import stays inside its feature: a feature does not import another feature, and lib or components come by the @/ alias.',
        },
      ],
    ),
  ),
  ...layerBlocks('routes', ['app'], 'routes sit below app.'),
];

/**
 * The server by feature: apps/server/src/platform holds what every feature uses, and each folder
 * of apps/server/src/modules one feature. A module uses another only through that module's
 * index.ts; the platform uses no module. apps/server/src/layering.test.ts lints sample imports.
 */
const serverSrc = 'apps/server/src';
const serverBlocks = (folder, patterns) =>
  Array.from({ length: maxDepth + 1 }, (_, depth) => ({
    files: [`${serverSrc}/${folder}/*/${'*/'.repeat(depth)}*.ts`],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: patterns(depth) }],
    },
  }));
const serverLayering = [
  ...serverBlocks('modules', (depth) => [
    {
      // Climbing out of the module lands in modules/: the next folder is another module.
      regex: `^(\\.\\./){${depth + 1}}[^./][^/]*/(?!index\\.js$)`,
      message: 'A module uses another module only through its index.ts.',
    },
    {
      regex: `^(\\.\\./){${depth + 2}}modules/`,
      message: 'A module uses another module only through its index.ts (../other/index.js).',
    },
  ]),
  ...serverBlocks('platform', (depth) => [
    {
      regex: `^(\\.\\./){${depth + 2}}(modules|app\\.js|cli)`,
      message: 'The platform sits below the modules: it imports none of them.',
    },
  ]),
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
  ...serverLayering,
);
