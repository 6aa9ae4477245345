// Run by hot-path-shapes.test.ts in its own node (--expose-gc --allow-natives-syntax): what a
// server start with full garbage collections does to node's per-request objects, with or
// without settleHotPathShapes() first (SETTLE=1). Prints one JSON line, then V8's own print
// of process.nextTick with the state of each of its property stores.
import { IncomingMessage, ServerResponse } from 'node:http';
import { catchTickObject, keptTickObject, settleHotPathShapes } from '../hot-path-shapes.js';

if (process.env.SETTLE === '1') settleHotPathShapes();
const collectAll = (globalThis as unknown as { gc: () => void }).gc;

const answer = () => {
  const request = new IncomingMessage(null as never);
  request.method = 'GET';
  request.httpVersionMajor = 1;
  request.httpVersionMinor = 1;
  const response = new ServerResponse(request);
  response.writeHead(200, ['content-type', 'text/plain']);
  response.end('ok');
  return response;
};

/** Objects that die young: what a backfill round leaves behind. */
function makeGarbage() {
  const garbage: unknown[] = [];
  for (let i = 0; i < 20_000; i += 1) garbage.push({ i, list: [i] });
  return garbage.length;
}

// As at a start: a request now and then, a tick now and then, and full collections between
// them while neither is alive (a backfill, a big building's simulation).
for (let round = 0; round < 12; round += 1) {
  await new Promise((resolve) => process.nextTick(resolve, round));
  await new Promise<void>((resolve) => process.nextTick(() => resolve()));
  answer();
  makeGarbage();
  collectAll();
}

const _response = answer();
// A tick made now, and the one settleHotPathShapes kept before the collections (if it ran).
const _tick = catchTickObject();
const _kept = keptTickObject();
// V8 intrinsics are only parsed at run time (they are not JavaScript): eval keeps tsx from them.
const fast = eval('%HasFastProperties(_response)') as boolean;
const tickKeptItsMap = _kept === undefined ? null : (eval('%HaveSameMap(_tick, _kept)') as boolean);
eval('%DebugPrint(process.nextTick)');
process.stdout.write(`${JSON.stringify({ responseHasFastProperties: fast, tickKeptItsMap })}\n`);
