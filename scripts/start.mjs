// `npm start`: builds whatever is older than its sources, then runs the server in the foreground.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce(
    (newest, name) =>
      name === 'node_modules' ? newest : Math.max(newest, newestMtime(path.join(target, name))),
    0,
  );
}

const builds = [
  {
    name: 'server',
    output: 'apps/server/dist/server.js',
    sources: ['packages/contract/src', 'apps/server/src'],
  },
  {
    name: 'web app',
    output: 'apps/web/dist/index.html',
    sources: ['packages/contract/src', 'apps/web/src', 'apps/web/index.html', 'apps/web/public'],
  },
];
const stale = builds.some(({ output, sources }) => {
  const built = newestMtime(path.join(root, output));
  return built === 0 || sources.some((source) => newestMtime(path.join(root, source)) > built);
});
if (stale) {
  console.log('Building the server and the web app …');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = spawnSync('node', ['apps/server/dist/server.js'], { cwd: root, stdio: 'inherit' });
process.exit(server.status ?? 0);
