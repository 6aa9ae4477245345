// `npm run api-snapshot -w apps/server -- --out file.json`: the device API's exact answers
// (status, the headers a client reads, body bytes) on the demo building and on the generated
// 1,000-room building, each on a fresh in-memory database with a frozen clock and no simulation.
// `npm run api-snapshot -w apps/server -- --compare before.json after.json` prints "identical"
// or the first differences and exits 1 on any difference.
//
// Made for refactorings that must not change what a client sees: take a snapshot on the old
// code, one on the new, compare. Recorded: every read at `/` and `/api` (every room's
// temps/{id} too), the error answers (no or wrong credentials, unknown room, bad ids, bad
// fields in each encoding, a read-only user's write), the accounts calls, and a series of writes
// in each encoding with the building read again after them. ETag and Date are left out: the
// ETag carries a per-process random part.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { sqliteSql } from '../src/platform/database/sql.js';
import { tmpdir } from 'node:os';
import path from 'node:path';
import http, { type IncomingHttpHeaders } from 'node:http';
import { buildApp } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import { openDatabase } from '../src/platform/database/open.js';
import { importSeed } from '../src/modules/building/seed-import.js';
import { parseSeed, type Seed } from '../src/modules/building/seed.js';
import demoBuilding from '../src/modules/building/seed/demo-building.json' with { type: 'json' };
import { benchUser, generateBuilding } from '../src/test-support/generate-building.js';
import { sqliteStore } from '../src/platform/database/store.js';

/** A Tuesday morning in Berlin: inside the schedules' day blocks, no DST edge near. */
const FROZEN_NOW = Date.parse('2026-11-24T09:30:00Z');
const KEPT_HEADERS = [
  'content-type',
  'content-length',
  'content-encoding',
  'vary',
  'www-authenticate',
  'retry-after',
  'allow',
] as const;

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}
interface Snapshot {
  frozenNow: string;
  answers: Record<string, Answer>;
}

interface Call {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  auth?: readonly [string, string] | null;
  headers?: Record<string, string>;
  body?:
    | { json: unknown }
    | { form: Record<string, string> }
    | { multipart: Record<string, string> }
    | { raw: string; type: string };
}

const basic = ([user, password]: readonly [string, string]) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

function encode(body: Call['body']): { payload?: string; type?: string } {
  if (!body) return {};
  if ('json' in body) return { payload: JSON.stringify(body.json), type: 'application/json' };
  if ('form' in body) {
    return {
      payload: new URLSearchParams(body.form).toString(),
      type: 'application/x-www-form-urlencoded',
    };
  }
  if ('multipart' in body) {
    const boundary = 'snapshotboundary';
    const parts = Object.entries(body.multipart).map(
      ([name, value]) =>
        `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    );
    return {
      payload: `${parts.join('')}--${boundary}--\r\n`,
      type: `multipart/form-data; boundary=${boundary}`,
    };
  }
  return { payload: body.raw, type: body.type };
}

/** One request over a real socket (inject's mock socket lacks what refused bodies use). */
function send(
  port: number,
  method: string,
  url: string,
  headers: Record<string, string>,
  payload: string | undefined,
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port, method, path: url, headers, agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

async function call(port: number, c: Call, defaultAuth: readonly [string, string]) {
  const auth = c.auth === undefined ? defaultAuth : c.auth;
  const { payload, type } = encode(c.body);
  const response = await send(
    port,
    c.method ?? 'GET',
    c.url,
    {
      ...(auth ? { authorization: basic(auth) } : {}),
      ...(type ? { 'content-type': type } : {}),
      ...(payload !== undefined ? { 'content-length': String(Buffer.byteLength(payload)) } : {}),
      ...c.headers,
    },
    payload,
  );
  const headers: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const value = response.headers[name];
    if (value !== undefined) headers[name] = String(value);
  }
  const encoded = response.headers['content-encoding'];
  return {
    status: response.status,
    headers,
    body: encoded ? response.body.toString('base64') : response.body.toString('utf8'),
  } satisfies Answer;
}

async function freshApp(seed: Seed, config: Partial<Config> = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'api-snapshot-'));
  const fullConfig: Config = {
    ...loadConfig({}),
    dataDir,
    databaseFile: ':memory:',
    webDist: null,
    simSpeed: 0,
    logLevel: 'silent',
    publicUrl: 'http://localhost:8080',
    ...config,
  };
  const db = openDatabase(fullConfig.databaseFile);
  await importSeed(sqliteSql(db), seed, FROZEN_NOW);
  const app = await buildApp({
    config: fullConfig,
    store: sqliteStore(db),
    logger: false,
    now: () => FROZEN_NOW,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    close: async () => {
      const closed = app.close();
      app.server.closeAllConnections();
      await closed;
      db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const ROOTS = ['', '/api'] as const;
const READS = ['info', 'temps', 'rooms', 'outs', 'permissions'] as const;

/** The reads of every kind, at both roots, plus temps/{id} of every room. */
function readCalls(roomIds: number[]): Call[] {
  const calls: Call[] = [];
  for (const root of ROOTS) {
    for (const read of READS) calls.push({ url: `${root}/get/json/v1/1/${read}/` });
    for (const id of roomIds) calls.push({ url: `${root}/get/json/v1/1/temps/${id}/` });
  }
  return calls;
}

/** Refusals and bad input: none of them changes the building. */
function errorCalls(roomId: number, readOnly: readonly [string, string] | null): Call[] {
  const calls: Call[] = [];
  for (const root of ROOTS) {
    const get = `${root}/get/json/v1/1`;
    const set = `${root}/set/json/v1/1`;
    calls.push(
      { url: `${get}/temps/`, auth: null },
      { url: `${get}/temps/`, auth: null, headers: { 'x-requested-with': 'XMLHttpRequest' } },
      { url: `${get}/temps/`, auth: ['nobody', 'wrong'] },
      { url: `${get}/permissions/`, auth: null },
      { url: `${get}/temps/999999/` },
      { url: `${get}/temps/abc/` },
      { url: `${get}/temps/0${roomId}/` },
      { url: `${get}/nothing/` },
      { url: `${root}/get/json/v1/2/temps/` },
      { method: 'POST', url: `${get}/temps/` },
      { method: 'POST', url: `${set}/ziel/${roomId}/`, auth: null, body: { form: { ziel: '21' } } },
      { method: 'POST', url: `${set}/ziel/999999/`, body: { form: { ziel: '21' } } },
      { method: 'POST', url: `${set}/ziel/x/`, body: { form: { ziel: '21' } } },
      { method: 'POST', url: `${set}/ziel/${roomId}/` },
      { method: 'POST', url: `${set}/ziel/${roomId}/`, body: { form: {} } },
      { method: 'POST', url: `${set}/ziel/${roomId}/`, body: { form: { ziel: 'warm' } } },
      { method: 'POST', url: `${set}/ziel/${roomId}/`, body: { form: { ziel: '99' } } },
      { method: 'POST', url: `${set}/ziel/${roomId}/`, body: { form: { ziel: '2' } } },
      { method: 'POST', url: `${set}/ziel/${roomId}/`, body: { form: { ziel: '21,55' } } },
      { method: 'POST', url: `${set}/ziel/${roomId}/`, body: { form: { ziel: '' } } },
      { method: 'POST', url: `${set}/ziel/${roomId}/`, body: { multipart: { ziel: 'abc' } } },
      {
        method: 'POST',
        url: `${set}/ziel/${roomId}/`,
        body: { form: { ziel: '21', duration: '0.5' } },
      },
      {
        method: 'POST',
        url: `${set}/ziel/${roomId}/`,
        body: { form: { ziel: '21', duration: '99999' } },
      },
      {
        method: 'POST',
        url: `${set}/ziel/${roomId}/`,
        body: { form: { ziel: '21', duration: 'lang' } },
      },
      { method: 'POST', url: `${set}/ziel/${roomId}/`, body: { json: { ziel: true } } },
      { method: 'POST', url: `${set}/ziel/${roomId}/`, body: { json: { ziel: null } } },
      { method: 'POST', url: `${set}/ziel/${roomId}/`, body: { json: { ziel: [21] } } },
      { method: 'POST', url: `${set}/ziel/${roomId}/`, body: { json: { ziel: { v: 21 } } } },
      { method: 'POST', url: `${set}/ziel/${roomId}/`, body: { json: [21] } },
      { method: 'POST', url: `${set}/ziel/${roomId}/`, body: { json: '21' } },
      { method: 'POST', url: `${set}/ziel/${roomId}/`, body: { json: 21 } },
      {
        method: 'POST',
        url: `${set}/ziel/${roomId}/`,
        body: { raw: '{"ziel":', type: 'application/json' },
      },
      {
        method: 'POST',
        url: `${set}/ziel/${roomId}/`,
        body: { raw: 'ziel=21', type: 'text/plain' },
      },
      {
        method: 'POST',
        url: `${set}/ziel/${roomId}/`,
        body: { raw: 'ziel=21', type: 'application/x-www-form-urlencoded; charset=latin1' },
      },
      {
        method: 'POST',
        url: `${set}/ziel/${roomId}/`,
        body: { raw: 'x', type: 'multipart/form-data' },
      },
      { method: 'POST', url: `${set}/soll/${roomId}/`, body: { form: {} } },
      { method: 'POST', url: `${set}/soll/${roomId}/`, body: { json: { soll: 'x' } } },
      { method: 'POST', url: `${set}/soll/${roomId}/`, body: { form: { soll: '40' } } },
      { method: 'POST', url: `${set}/rooms/${roomId}/`, body: { form: { value: 'off' } } },
      {
        method: 'POST',
        url: `${set}/rooms/${roomId}/`,
        body: { form: { action: 'modus', value: 'off' } },
      },
      {
        method: 'POST',
        url: `${set}/rooms/${roomId}/`,
        body: { form: { action: 'betriebsart', value: 'warm' } },
      },
      {
        method: 'POST',
        url: `${set}/rooms/${roomId}/`,
        body: { json: { action: 'betriebsart', value: 1 } },
      },
      { method: 'POST', url: `${set}/rooms/${roomId}/`, body: { json: { action: 'betriebsart' } } },
      { method: 'POST', url: `${set}/nothing/${roomId}/`, body: { form: { ziel: '21' } } },
      { method: 'GET', url: `${set}/ziel/${roomId}/` },
    );
    if (readOnly) {
      for (const [kind, fields] of [
        ['ziel', { ziel: '21' }],
        ['soll', { soll: '21' }],
        ['resettemp', {}],
        ['rooms', { action: 'betriebsart', value: 'off' }],
      ] as const) {
        calls.push({
          method: 'POST',
          url: `${set}/${kind}/${roomId}/`,
          auth: readOnly,
          body: { form: fields },
        });
      }
    }
  }
  return calls;
}

/** Writes in order on one fresh database, the building read after them. */
function writeCalls(roomIds: number[]): Call[] {
  const [a, b, c] = roomIds as [number, number, number];
  const set = (root: string, kind: string, id: number) => `${root}/set/json/v1/1/${kind}/${id}/`;
  const calls: Call[] = [
    { method: 'POST', url: set('', 'ziel', a), body: { form: { ziel: '21,5' } } },
    {
      method: 'POST',
      url: set('', 'ziel', a),
      body: { multipart: { ziel: '22.25', duration: '90' } },
    },
    { method: 'POST', url: set('/api', 'ziel', b), body: { json: { ziel: 19.875 } } },
    {
      method: 'POST',
      url: set('/api', 'ziel', b),
      body: { json: { ziel: '20', duration: 'default' } },
    },
    { method: 'POST', url: set('', 'ziel', c), body: { json: { ziel: 23.1, duration: 1440 } } },
    { method: 'POST', url: set('', 'ziel', c), body: { form: { ziel: '5', duration: '0' } } },
    { method: 'POST', url: set('', 'resettemp', b) },
    { method: 'POST', url: set('/api', 'resettemp', b), body: { form: {} } },
    { method: 'POST', url: set('', 'soll', a), body: { form: { soll: '23' } } },
    { method: 'POST', url: set('/api', 'soll', b), body: { multipart: { soll: '18,5' } } },
    { method: 'POST', url: set('', 'soll', c), body: { json: { soll: 30 } } },
    {
      method: 'POST',
      url: set('', 'rooms', a),
      body: { form: { action: 'betriebsart', value: 'off' } },
    },
    {
      method: 'POST',
      url: set('/api', 'rooms', a),
      body: { multipart: { action: 'BETRIEBSART', value: 'on' } },
    },
    {
      method: 'POST',
      url: set('', 'rooms', b),
      body: { json: { action: 'betriebsart', value: 'cooling' } },
    },
    {
      method: 'POST',
      url: set('', 'rooms', b),
      body: { form: { action: 'betriebsart', value: 'Heating' } },
    },
  ];
  for (const root of ROOTS) {
    calls.push({ url: `${root}/get/json/v1/1/temps/` }, { url: `${root}/get/json/v1/1/outs/` });
  }
  return calls;
}

/** The accounts calls: user, app-config, and their refusals. */
function accountCalls(): Call[] {
  const calls: Call[] = [];
  for (const root of ROOTS) {
    calls.push(
      { url: `${root}/user` },
      { url: `${root}/user`, auth: null },
      { url: `${root}/app-config`, auth: null },
      { method: 'POST', url: `${root}/register`, auth: null, body: { form: { email: 'a@b.cd' } } },
      { method: 'POST', url: `${root}/forgot-password`, auth: null, body: { form: {} } },
      {
        method: 'POST',
        url: `${root}/forgot-password`,
        auth: null,
        body: { json: { email: 'no-at-sign' } },
      },
      {
        method: 'POST',
        url: `${root}/reset-password`,
        auth: null,
        body: {
          multipart: { email: 'x@y.zz', token: 'abc', password: '1', password_confirmation: '2' },
        },
      },
      {
        method: 'POST',
        url: `${root}/reset-password`,
        auth: null,
        body: {
          json: {
            email: 'x@y.zz',
            token: 'abc',
            password: 'long-enough',
            password_confirmation: 'long-enough',
          },
        },
      },
    );
  }
  return calls;
}

/** Registration open: its validation answers and one success. */
function registerCalls(): Call[] {
  const url = '/api/register';
  return [
    { method: 'POST', url, auth: null, body: { form: {} } },
    {
      method: 'POST',
      url,
      auth: null,
      body: { json: { email: 7, password: [], password_confirmation: {} } },
    },
    {
      method: 'POST',
      url,
      auth: null,
      body: { multipart: { email: 'x', password: 'abc', password_confirmation: 'abd' } },
    },
    {
      method: 'POST',
      url,
      auth: null,
      body: {
        form: { email: 'neu@example.com', password: 'secret-1', password_confirmation: 'secret-1' },
      },
    },
    {
      method: 'POST',
      url,
      auth: null,
      body: {
        json: { email: 'neu@example.com', password: 'secret-1', password_confirmation: 'secret-1' },
      },
    },
  ];
}

async function record(
  answers: Record<string, Answer>,
  label: string,
  port: number,
  calls: Call[],
  auth: readonly [string, string],
) {
  for (const [index, c] of calls.entries()) {
    const key = `${label} #${String(index).padStart(4, '0')} ${c.method ?? 'GET'} ${c.url} ${c.auth === null ? 'anonymous' : (c.auth ?? auth)[0]} ${c.body ? JSON.stringify(c.body) : ''}${c.headers ? ` ${JSON.stringify(c.headers)}` : ''}`;
    answers[key] = await call(port, c, auth);
  }
}

async function snapshotOf(
  name: string,
  seed: () => Seed,
  auth: readonly [string, string],
  readOnly: readonly [string, string] | null,
  answers: Record<string, Answer>,
) {
  const roomIds = seed().floors.flatMap((floor) => floor.rooms.map((room) => room.id));
  const reads = await freshApp(seed());
  try {
    await record(answers, `${name} read`, reads.port, readCalls(roomIds), auth);
    await record(answers, `${name} error`, reads.port, errorCalls(roomIds[0]!, readOnly), auth);
    await record(answers, `${name} account`, reads.port, accountCalls(), auth);
  } finally {
    await reads.close();
  }
  const writes = await freshApp(seed());
  try {
    const picked = [roomIds[0]!, roomIds[1]!, roomIds[roomIds.length - 1]!];
    await record(answers, `${name} write`, writes.port, writeCalls(picked), auth);
  } finally {
    await writes.close();
  }
}

async function takeSnapshot(): Promise<Snapshot> {
  const answers: Record<string, Answer> = {};
  const demo = () => parseSeed(structuredClone(demoBuilding));
  await snapshotOf('demo', demo, ['demo', 'demo1234'], ['bewohner', 'bewohner1234'], answers);
  const open = await freshApp(demo(), { allowRegistration: true });
  try {
    await record(answers, 'demo register', open.port, registerCalls(), ['demo', 'demo1234']);
  } finally {
    await open.close();
  }
  const big = () => generateBuilding(20, 50);
  await snapshotOf('1000', big, [benchUser.username, benchUser.password], null, answers);
  return { frozenNow: new Date(FROZEN_NOW).toISOString(), answers };
}

function compare(before: Snapshot, after: Snapshot): string[] {
  const differences: string[] = [];
  const keys = new Set([...Object.keys(before.answers), ...Object.keys(after.answers)]);
  for (const key of keys) {
    const a = before.answers[key];
    const b = after.answers[key];
    if (!a || !b) {
      differences.push(`${key}: only in the ${a ? 'first' : 'second'} snapshot`);
      continue;
    }
    if (a.status !== b.status) differences.push(`${key}: status ${a.status} → ${b.status}`);
    for (const name of new Set([...Object.keys(a.headers), ...Object.keys(b.headers)])) {
      if (a.headers[name] !== b.headers[name]) {
        differences.push(`${key}: ${name} ${a.headers[name]} → ${b.headers[name]}`);
      }
    }
    if (a.body !== b.body) {
      let at = 0;
      while (a.body[at] === b.body[at]) at += 1;
      const around = (text: string) => JSON.stringify(text.slice(Math.max(0, at - 60), at + 60));
      differences.push(
        `${key}: body differs at byte ${at}:\n  ${around(a.body)}\n  ${around(b.body)}`,
      );
    }
  }
  return differences;
}

async function main(args: string[]) {
  const flag = (name: string) => args.indexOf(name);
  if (flag('--compare') >= 0) {
    const [first, second] = args.slice(flag('--compare') + 1);
    if (!first || !second) throw new Error('--compare needs two snapshot files');
    const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Snapshot;
    const [before, after] = [read(first), read(second)];
    const differences = compare(before, after);
    const count = Object.keys(before.answers).length;
    if (differences.length === 0) {
      console.log(`identical (${count} answers)`);
      return 0;
    }
    console.log(`${differences.length} differences in ${count} answers; the first:`);
    for (const line of differences.slice(0, 20)) console.log(line);
    return 1;
  }
  const out = flag('--out') >= 0 ? args[flag('--out') + 1] : undefined;
  if (!out) throw new Error('usage: api-snapshot --out FILE | --compare BEFORE AFTER');
  const snapshot = await takeSnapshot();
  writeFileSync(out, `${JSON.stringify(snapshot, null, 1)}\n`);
  console.log(`${Object.keys(snapshot.answers).length} answers written to ${out}`);
  return 0;
}

process.exitCode = await main(process.argv.slice(2));
