import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const probe = fileURLToPath(new URL('./test-support/hot-path-shapes-probe.ts', import.meta.url));

/** Runs the probe in a fresh node: a start with full collections, settled first or not. */
function start(settle: boolean) {
  const output = execFileSync(
    process.execPath,
    ['--expose-gc', '--allow-natives-syntax', '--import', 'tsx', probe],
    { env: { ...process.env, SETTLE: settle ? '1' : '0' }, encoding: 'utf8' },
  );
  const line = output.split('\n').find((each) => each.startsWith('{'));
  if (line === undefined) throw new Error(`the probe printed no result:\n${output}`);
  const { responseHasFastProperties } = JSON.parse(line) as { responseHasFastProperties: boolean };
  // nextTick's TickObject literal: one store per computed key, each with its IC state.
  const tickStores = [...output.matchAll(/DefineKeyedOwnPropertyInLiteral (\w+)/g)].map(
    (match) => match[1],
  );
  return { responseHasFastProperties, tickStores };
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
    const { responseHasFastProperties, tickStores } = start(true);
    expect(responseHasFastProperties).toBe(true);
    expect(tickStores).toEqual(['MONOMORPHIC', 'MONOMORPHIC', 'MONOMORPHIC', 'MONOMORPHIC']);
  }, 30_000);
});
