// tsc compiles only TypeScript: the demo seed is copied beside the output (the SQL migrations
// are read from db/migrations/ beside src/ and dist/).
import { cpSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
for (const folder of ['modules/building/seed']) {
  cpSync(`${root}src/${folder}`, `${root}dist/${folder}`, { recursive: true });
}
