import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The server's layering (eslint.config.js, serverLayering), run through ESLint itself: each
 * sample import is linted as if it sat in the named file. And docs/architecture.md names every
 * module, so the list of modules a newcomer reads is the list there is.
 */
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const src = 'apps/server/src';
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: repoRoot });
});

async function restrictedImports(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: `${repoRoot}${filePath}` });
  return (result?.messages ?? []).filter((message) =>
    message.ruleId?.endsWith('no-restricted-imports'),
  );
}

const forbidden: [what: string, file: string, code: string][] = [
  [
    'a module reaching into another module',
    `${src}/modules/alarms/service.ts`,
    "import { simulateRoom } from '../building/simulation.js';\nvoid simulateRoom;\n",
  ],
  [
    'a module file one folder down reaching into another module',
    `${src}/modules/building/routes/reads.ts`,
    "import { toWireAlarm } from '../../alarms/routes.js';\nvoid toWireAlarm;\n",
  ],
  [
    'a module reaching into another by way of src/modules',
    `${src}/modules/alarms/service.ts`,
    "import { x } from '../../modules/building/index.js';\nvoid x;\n",
  ],
  [
    'the platform importing a module',
    `${src}/platform/auth/plugin.ts`,
    "import { x } from '../../modules/audit/index.js';\nvoid x;\n",
  ],
  [
    'the platform importing the app',
    `${src}/platform/http/web-app.ts`,
    "import { buildApp } from '../../app.js';\nvoid buildApp;\n",
  ],
];

const allowed: [what: string, file: string, code: string][] = [
  [
    'a module using another through its index',
    `${src}/modules/alarms/service.ts`,
    "import { contextNow } from '../building/index.js';\nvoid contextNow;\n",
  ],
  [
    'a module file one folder down using its own module',
    `${src}/modules/building/routes/reads.ts`,
    "import { buildingViews } from '../views.js';\nvoid buildingViews;\n",
  ],
  [
    'a module using the platform',
    `${src}/modules/building/routes/reads.ts`,
    "import { HttpError } from '../../../platform/http/error-handler.js';\nvoid HttpError;\n",
  ],
  [
    'the platform using itself',
    `${src}/platform/auth/plugin.ts`,
    "import { HttpError } from '../http/error-handler.js';\nvoid HttpError;\n",
  ],
];

describe('server layering', () => {
  it.each(forbidden)('refuses %s', async (_what, file, code) => {
    expect(await restrictedImports(file, code)).not.toHaveLength(0);
  });

  it.each(allowed)('allows %s', async (_what, file, code) => {
    expect(await restrictedImports(file, code)).toHaveLength(0);
  });
});

describe('docs/architecture.md', () => {
  const architecture = readFileSync(
    new URL('../../../docs/architecture.md', import.meta.url),
    'utf8',
  );
  const folders = (parent: string) =>
    readdirSync(new URL(`./${parent}/`, import.meta.url), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `${parent}/${entry.name}`);

  it.each([...folders('modules'), ...folders('platform')])('names %s', (folder) => {
    expect(architecture).toContain(`\`${folder}/\``);
  });
});
