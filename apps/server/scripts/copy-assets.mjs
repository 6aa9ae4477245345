// tsc compiles only TypeScript: SQL migrations and the demo seed are copied beside the output.
import { cpSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
cpSync(`${root}src/db/migrations`, `${root}dist/db/migrations`, { recursive: true });
cpSync(`${root}src/seed`, `${root}dist/seed`, { recursive: true });
