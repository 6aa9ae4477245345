import { createHook } from 'node:async_hooks';
import { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Keeps the hidden classes ("maps") of node's per-request objects stable for the life of the
 * process (decision 45). V8 drops a map in a full garbage collection when no object has it at
 * that moment, and code that met the old map then meets a new one. Two cases cost the polled
 * reads up to a third of their throughput, for as long as the process ran:
 *
 * - `process.nextTick` builds its TickObject with computed keys. After a few full collections
 *   while no tick was queued (a 1,000-room simulation idling for two minutes; the history
 *   backfill at start), its property stores turned megamorphic: 15 % of a small answer's CPU.
 *   One TickObject kept for good keeps its maps, so those stores stay monomorphic.
 * - V8 sizes a constructor's objects from the first few it makes (slack tracking). When full
 *   collections ran between the first ServerResponses (the first requests arriving while a big
 *   building's backfill runs), it sized them at no fields at all, and every response after was
 *   a slow dictionary object. Making the first responses here, at once, before any other work,
 *   lets V8 size them from complete ones.
 *
 * Call it first thing in the process (server.ts); it does nothing visible.
 */
export function settleHotPathShapes(): void {
  keepOneTickObject();
  sizeRequestObjects();
}

// Held for the life of the process: its maps are what nextTick's stores were made for.
let keptTick: object | undefined;

/** The TickObject kept (hot-path-shapes.test.ts compares a later tick's map with it). */
export function keptTickObject(): object | undefined {
  return keptTick;
}

/** One TickObject as node's nextTick made it, caught by a one-shot init hook. */
export function catchTickObject(): object | undefined {
  let tick: object | undefined;
  const hook = createHook({
    init(_asyncId, type, _triggerAsyncId, resource) {
      if (type === 'TickObject' && tick === undefined) tick = resource as object;
    },
  });
  hook.enable();
  // The init hook runs inside nextTick itself, so the tick is known when it returns.
  process.nextTick(() => {});
  hook.disable();
  return tick;
}

function keepOneTickObject() {
  keptTick ??= catchTickObject();
}

/** More than V8's slack-tracking count of constructions, each one a whole answered response. */
const SIZING_ROUNDS = 10;

function sizeRequestObjects() {
  for (let round = 0; round < SIZING_ROUNDS; round += 1) {
    const request = new IncomingMessage(null as never);
    request.method = 'GET';
    request.httpVersionMajor = 1;
    request.httpVersionMinor = 1;
    const response = new ServerResponse(request);
    response.writeHead(200, ['content-type', 'application/json', 'content-length', '2']);
    response.end('{}');
  }
}
