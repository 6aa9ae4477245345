import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const probe = fileURLToPath(new URL('./test-support/hot-path-shapes-probe.ts', import.meta.url));

/**
 * Runs the probe in a fresh node: a start with full collections, settled first or not. Its
 * output goes to a file: into a pipe, V8's own print lost its end in some runs.
 */
function start(settle: boolean) {
  const folder = mkdtempSync(path.join(tmpdir(), 'raumregler-shapes-'));
  const file = path.join(folder, 'out.txt');
  const fd = openSync(file, 'w');
  try {
    execFileSync(
      process.execPath,
      ['--expose-gc', '--allow-natives-syntax', '--import', 'tsx', probe],
      { env: { ...process.env, SETTLE: settle ? '1' : '0' }, stdio: ['ignore', fd, 'pipe'] },
    );
  } finally {
    closeSync(fd);
  }
  const output = readFileSync(file, 'utf8');
  rmSync(folder, { recursive: true, force: true });
  const line = output.split('\n').find((each) => each.startsWith('{'));
  if (line === undefined) throw new Error(`the probe printed no result:\n${output}`);
  const { responseHasFastProperties, tickKeptItsMap } = JSON.parse(line) as {
    responseHasFastProperties: boolean;
    tickKeptItsMap: boolean | null;
  };
  // nextTick's TickObject literal: one store per computed key, each with its IC state.
  const tickStores = [...output.matchAll(/DefineKeyedOwnPropertyInLiteral (\w+)/g)].map(
    (match) => match[1],
  );
  return { responseHasFastProperties, tickKeptItsMap, tickStores, output };
}

describe('settleHotPathShapes', () => {
  // The reproduction first: if node or V8 stop doing this, the workaround can go (decision 45).
  it('is needed: without it, a start with full collections leaves slow responses and ticks', () => {
    const { responseHasFastProperties, tickStores } = start(false);
    expect(responseHasFastProperties).toBe(false);
    expect(tickStores).toHaveLength(4);
    expect(tickStores).toContain('MEGAMORPHIC');
  }, 30_000);

  it('keeps responses fast objects and the tick stores monomorphic through such a start', () => {
    const { responseHasFastProperties, tickKeptItsMap, tickStores } = start(true);
    expect(responseHasFastProperties).toBe(true);
    // A tick made after the collections has the map of the one kept before them, and nextTick's
    // stores are still those it had at the start.
    expect(tickKeptItsMap).toBe(true);
    expect(tickStores).toEqual(['MONOMORPHIC', 'MONOMORPHIC', 'MONOMORPHIC', 'MONOMORPHIC']);
  }, 30_000);
});
