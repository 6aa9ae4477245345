// tsc compiles only TypeScript: SQL migrations and the demo seed are copied beside the output.
import { cpSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
for (const folder of ['platform/database/migrations', 'modules/building/seed']) {
  cpSync(`${root}src/${folder}`, `${root}dist/${folder}`, { recursive: true });
}
