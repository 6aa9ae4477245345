// @vitest-environment node
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The layering rule of eslint.config.js, run through ESLint itself: each sample import is linted
 * as if it sat in the named file. A block that silently overrode another's restrictions would let
 * one of the forbidden imports below pass.
 */
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const src = 'apps/web/src';
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
    'a feature importing another feature by the alias',
    `${src}/features/rooms/components/room-card.tsx`,
    "import { useAuth } from '@/features/auth/components/auth-provider';\nuseAuth();\n",
  ],
  [
    'a feature importing another feature by a relative path',
    `${src}/features/rooms/components/room-card.tsx`,
    "import { useAuth } from '../../auth/components/auth-provider';\nuseAuth();\n",
  ],
  [
    'a file at the root of a feature importing another feature relatively',
    `${src}/features/rooms/index.ts`,
    "export { useAuth } from '../auth/components/auth-provider';\n",
  ],
  [
    'a feature importing a route',
    `${src}/features/rooms/components/room-card.tsx`,
    "import { routes } from '@/routes/room-control/routes';\nvoid routes;\n",
  ],
  [
    'a feature importing the app',
    `${src}/features/rooms/hooks/use-x.ts`,
    "import { queryClient } from '@/app/query-client';\nvoid queryClient;\n",
  ],
  [
    'lib importing a feature',
    `${src}/lib/storage.ts`,
    "import { toNumber } from '@/features/rooms/utils/room-values';\nvoid toNumber;\n",
  ],
  [
    'lib importing a feature by a relative path',
    `${src}/lib/storage.ts`,
    "import { toNumber } from '../features/rooms/utils/room-values';\nvoid toNumber;\n",
  ],
  [
    'components importing a route',
    `${src}/components/ui/button.tsx`,
    "import { routes } from '@/routes/auth/routes';\nvoid routes;\n",
  ],
  [
    'config importing the app',
    `${src}/config/paths.ts`,
    "import { router } from '../app/router';\nvoid router;\n",
  ],
  [
    'a route importing the app',
    `${src}/routes/room-control/room-page.tsx`,
    "import { queryClient } from '@/app/query-client';\nvoid queryClient;\n",
  ],
  [
    'the web importing the server',
    `${src}/app/app.tsx`,
    "import { buildApp } from '../../../server/src/app';\nvoid buildApp;\n",
  ],
  [
    'a feature importing the server package',
    `${src}/features/rooms/api/set-target.ts`,
    "import { buildApp } from '@raumregler/server';\nvoid buildApp;\n",
  ],
  [
    'a value import of the contract schemas',
    `${src}/features/rooms/api/set-target.ts`,
    "import { Room } from '@raumregler/contract/schemas';\nvoid Room;\n",
  ],
  [
    'a value import of the contract schemas in lib',
    `${src}/lib/api-client.ts`,
    "import { Room } from '@raumregler/contract/schemas';\nvoid Room;\n",
  ],
];

const allowed: [what: string, file: string, code: string][] = [
  [
    'a feature importing lib',
    `${src}/features/rooms/api/set-target.ts`,
    "import { apiClient } from '@/lib/api-client';\nvoid apiClient;\n",
  ],
  [
    'a feature importing itself, by alias and relatively',
    `${src}/features/rooms/components/room-card.tsx`,
    "import { toNumber } from '@/features/rooms/utils/room-values';\nimport { useFloorStructure } from '../hooks/use-floor-structure';\nvoid toNumber;\nvoid useFloorStructure;\n",
  ],
  [
    'a route composing features',
    `${src}/routes/room-control/room-page.tsx`,
    "import { useAuth } from '@/features/auth/components/auth-provider';\nimport { RoomControl } from '@/features/rooms/components/room-control';\nvoid useAuth;\nvoid RoomControl;\n",
  ],
  [
    'the app importing routes and features',
    `${src}/app/router.tsx`,
    "import { routes } from '@/routes/auth/routes';\nimport { useAuth } from '@/features/auth/components/auth-provider';\nvoid routes;\nvoid useAuth;\n",
  ],
  [
    'a type import of the contract schemas',
    `${src}/features/rooms/api/set-target.ts`,
    "import type { Room } from '@raumregler/contract/schemas';\nexport type R = Room;\n",
  ],
];

describe('web layering lint', () => {
  it.each(forbidden)('refuses %s', async (_what, file, code) => {
    expect(await restrictedImports(file, code)).toHaveLength(1);
  });

  it.each(allowed)('allows %s', async (_what, file, code) => {
    expect(await restrictedImports(file, code)).toEqual([]);
  });
});
