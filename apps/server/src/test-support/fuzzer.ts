import zlib from 'node:zlib';
import type { Random } from './prng.js';

/**
 * Generates malformed requests over every endpoint of the device API and the accounts. Every
 * generated write carries at least one defect a correct server must reject (bad credentials,
 * a value it cannot accept, an unknown room, a body it cannot read, a wrong method ...), so
 * "the database did not change" is a fair check however the other parts were varied.
 */
export interface FuzzRequest {
  /** What is wrong with it, for the failure message. */
  label: string;
  /** read: may succeed; write: must be rejected; forgot: always 200 by contract; raw: bytes. */
  kind: 'read' | 'write' | 'forgot' | 'raw';
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** For kind raw: the exact bytes sent on a fresh socket. */
  raw?: Buffer;
  /** The one status a correct server answers (issue 31's cases), where only one is right. */
  status?: number;
  /** Text sent in the path or fields that the answer must not contain (no echo). */
  echo?: string;
}

export interface FuzzTarget {
  houseId: number;
  roomIds: number[];
  /** A user allowed to write, and one who may only read. */
  writer: { username: string; password: string };
  reader: { username: string; password: string };
}

type Fields = [string, string][];

const injections = [
  "' OR '1'='1",
  '"; DROP TABLE rooms; --',
  '1; DELETE FROM users',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '${7*7}',
  '{{7*7}}',
  '../../../../etc/passwd',
  '\u0000',
  '\u202e21',
  '😀',
  'Ā'.repeat(500),
  '{"$gt":""}',
  '%00',
  '\r\nX-Injected: 1',
  'null',
  'undefined',
  '[object Object]',
];

const notNumbers = [
  '',
  ' ',
  'abc',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '21.5.5',
  '21,5,5',
  '0x15',
  '２１',
  'true',
  '[]',
  '{}',
  '21 °C',
  '--21',
  '2%zz2',
  ...injections,
];
const outOfRange = ['4.874', '30.2', '-40', '1000', '-0.01', '4', '31', '99999999999999999999'];
const badDurations = ['1441', '-5', 'abc', '99999999999999999999', 'NaN', '-1', '1e9', '<b>'];
const badRoomIds = [
  '0',
  '-1',
  '99999',
  'abc',
  '1.5',
  'NaN',
  'Infinity',
  '9007199254740993',
  "1'--",
  '1%3B%20DROP%20TABLE%20rooms',
  '%27%20OR%201%3D1--',
  '%00',
  '%F0%9F%98%80',
  '1%2F..%2F2',
];
const badHouseIds = ['0', '2', '-1', 'abc', '1.0', '%31%32', '999999999'];
const extraNames = [
  'id',
  'room',
  'is_admin',
  '__proto__',
  'constructor',
  'prototype',
  '__proto__[admin]',
  'constructor[prototype][admin]',
  'x'.repeat(300),
  'ä',
  'user2',
  'access_smart',
];
const badBasicHeaders = [
  'Basic',
  'Basic ',
  'Basic !!!',
  'Bearer abc',
  'basic',
  `Basic ${Buffer.from('nocolon').toString('base64')}`,
  `Basic ${Buffer.from([0xff, 0xfe, 0x3a, 0x00]).toString('base64')}`,
  `Basic ${'A'.repeat(6000)}`,
  `Basic ${Buffer.from(`${'u'.repeat(300)}:${'p'.repeat(300)}`).toString('base64')}`,
  `Digest username="demo"`,
  `Basic ${Buffer.from(':').toString('base64')}`,
];

const encodeUrl = (fields: Fields) =>
  Buffer.from(
    fields.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&'),
  );

function multipart(fields: Fields, boundary: string) {
  const parts = fields.map(
    ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
  );
  return Buffer.from(`${parts.join('')}--${boundary}--\r\n`);
}

export const basic = (username: string, password: string) =>
  `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;

export function createFuzzer(random: Random, target: FuzzTarget) {
  const prefix = () => random.pick(['', '', '/api', '/api', '/']);
  const room = () => String(random.pick(target.roomIds));
  const extras = (): Fields =>
    Array.from({ length: random.int(0, 3) }, () => [
      random.pick(extraNames),
      random.pick(injections),
    ]);

  /** Fields encoded one of the ways clients send them; JSON only where fields are defective. */
  function encode(
    fields: Fields,
    allowJson: boolean,
  ): { headers: Record<string, string>; body: Buffer } {
    const style = random.int(0, allowJson ? 2 : 1);
    if (style === 0) {
      return {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: encodeUrl(fields),
      };
    }
    if (style === 1) {
      const boundary = `----raumregler${random.int(0, 1e9)}`;
      return {
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        body: multipart(fields, boundary),
      };
    }
    return {
      headers: { 'content-type': 'application/json' },
      body: Buffer.from(JSON.stringify(Object.fromEntries(fields))),
    };
  }

  function valueFields(method: string): Fields {
    if (method === 'ziel')
      return [
        ['ziel', '22.5'],
        ['duration', random.pick(['60', '1', '1440', 'default', '0'])],
      ];
    if (method === 'soll') return [['soll', random.pick(['21.5', '21,5', '19'])]];
    if (method === 'rooms')
      return [
        ['action', 'betriebsart'],
        ['value', random.pick(['heating', 'off'])],
      ];
    return [];
  }

  function write(): FuzzRequest {
    const method = random.pick(['ziel', 'soll', 'resettemp', 'rooms']);
    let house = String(target.houseId);
    let roomId = room();
    let httpMethod = 'POST';
    let credentials: Fields = [
      ['user', target.writer.username],
      ['password', target.writer.password],
    ];
    const headers: Record<string, string> = {};
    let fields = valueFields(method);
    let allowJson = false;
    const defects = [
      'no credentials',
      'unknown user',
      'read-only user',
      'credentials of the wrong shape',
      'bad Basic header',
      'unknown or malformed room',
      'wrong house',
      'wrong method',
      'unsupported content type',
      'broken body',
      'huge body',
      ...(method === 'resettemp'
        ? []
        : ['value missing', 'value not a number', 'value out of range']),
      ...(method === 'ziel' ? ['bad duration'] : []),
      ...(method === 'rooms' ? ['bad mode'] : []),
    ];
    // Wrong passwords cost a slow hash each; a few keep the run short and still cover them.
    const defect = random.chance(0.01) ? 'wrong password' : random.pick(defects);
    const valueName = fields[0]?.[0] ?? 'ziel';
    switch (defect) {
      case 'no credentials':
        credentials = [];
        allowJson = true;
        break;
      case 'unknown user':
        credentials = [
          ['user', random.pick(['nobody', 'admin', 'root', ...injections])],
          ['password', random.pick(['', target.writer.password, ...injections])],
        ];
        allowJson = true;
        break;
      case 'wrong password':
        credentials = [
          ['user', target.writer.username],
          ['password', `${target.writer.password}x`],
        ];
        break;
      case 'read-only user':
        credentials = [
          ['user', target.reader.username],
          ['password', target.reader.password],
        ];
        allowJson = true;
        break;
      case 'credentials of the wrong shape':
        credentials = random.pick<Fields>([
          [['user', target.writer.username]],
          [['password', target.writer.password]],
          [
            ['user', ''],
            ['password', target.writer.password],
          ],
          [
            ['user', target.writer.username],
            ['password', 'p'.repeat(5000)],
          ],
          [
            ['username', target.writer.username],
            ['pass', target.writer.password],
          ],
        ]);
        break;
      case 'bad Basic header':
        credentials = [];
        headers.authorization = random.pick(badBasicHeaders);
        break;
      case 'unknown or malformed room':
        roomId = random.pick(badRoomIds);
        break;
      case 'wrong house':
        house = random.pick(badHouseIds);
        break;
      case 'wrong method':
        httpMethod = random.pick(['GET', 'PUT', 'DELETE', 'PATCH']);
        break;
      case 'unsupported content type':
        headers['content-type'] = random.pick([
          'text/xml',
          'application/xml',
          'application/octet-stream',
          'image/png',
          'multipart/form-data',
          'multipart/form-data; boundary=',
          'application/json; charset=ebcdic',
          '',
          'x/y; ; ;',
        ]);
        break;
      case 'broken body':
        break;
      case 'huge body':
        fields = fields.length > 0 ? fields : [['room', '1']];
        fields = fields.map(([k, v], i) =>
          i === 0 && method !== 'resettemp' ? [k, '2'.repeat(random.int(70_000, 300_000))] : [k, v],
        );
        if (method === 'resettemp')
          fields.push(['padding', 'x'.repeat(random.int(70_000, 300_000))]);
        break;
      case 'value missing':
        fields = fields.filter(([k]) => k !== valueName);
        break;
      case 'value not a number':
        fields = fields.map(([k, v]) => [k, k === valueName ? random.pick(notNumbers) : v]);
        break;
      case 'value out of range':
        fields = fields.map(([k, v]) => [k, k === valueName ? random.pick(outOfRange) : v]);
        break;
      case 'bad duration':
        fields = fields.map(([k, v]) => [k, k === 'duration' ? random.pick(badDurations) : v]);
        break;
      case 'bad mode':
        fields = random.pick<Fields>([
          [['value', 'off']],
          [['action', 'betriebsart']],
          [
            ['action', random.pick(['', 'mode', 'betriebsart2', ...injections])],
            ['value', 'off'],
          ],
          [
            ['action', 'betriebsart'],
            ['value', random.pick(['', 'warm', 'auto', 'heat', ...injections])],
          ],
        ]);
        break;
    }
    const all: Fields = [...credentials, ...fields, ...extras()];
    const path = `${prefix()}/set/json/v1/${house}/${method}/${roomId}${random.chance(0.5) ? '/' : ''}`;
    if (defect === 'wrong method' && httpMethod === 'GET') {
      // A write through the query string must not count as a write.
      return {
        label: `${defect}: GET with the fields in the query`,
        kind: 'write',
        method: 'GET',
        path: `${path}?${encodeUrl(all).toString()}`,
        headers,
      };
    }
    if (defect === 'broken body') {
      // The damage sits in the one field the call cannot do without (resettemp has no value,
      // so there it is the password), and that field comes last so a cut body lacks it.
      const brokenName = method === 'resettemp' ? 'password' : valueName;
      const others = all.filter(([k]) => k !== brokenName);
      const boundary = `----raumregler${random.int(0, 1e9)}`;
      const whole = multipart([...others, [brokenName, '22']], boundary).toString('latin1');
      const cut = whole.indexOf(`name="${brokenName}"`);
      const json = JSON.stringify(Object.fromEntries(others));
      const variant = random.int(0, 4);
      const variants: [string, Record<string, string>, Buffer][] = [
        [
          'multipart cut off',
          { 'content-type': `multipart/form-data; boundary=${boundary}` },
          Buffer.from(whole.slice(0, cut), 'latin1'),
        ],
        [
          'multipart boundary mismatch',
          { 'content-type': 'multipart/form-data; boundary=other' },
          Buffer.from(whole, 'latin1'),
        ],
        [
          'bad percent escape',
          { 'content-type': 'application/x-www-form-urlencoded' },
          Buffer.from(`${encodeUrl(others).toString()}&${brokenName}=2%zz%E0%A4%A`),
        ],
        [
          'broken JSON',
          { 'content-type': 'application/json' },
          Buffer.from(`${json.slice(0, -1)}${json.length > 2 ? ',' : ''}"${brokenName}":`),
        ],
        [
          'invalid UTF-8 value',
          { 'content-type': 'application/x-www-form-urlencoded' },
          Buffer.concat([
            encodeUrl(others),
            Buffer.from(`&${brokenName}=`),
            Buffer.from([0xc3, 0x28, 0xff, 0xfe, 0x32]),
          ]),
        ],
      ];
      const [what, bodyHeaders, bytes] = variants[variant]!;
      return {
        label: `broken body (${what}) on ${method}`,
        kind: 'write',
        method: 'POST',
        path,
        headers: { ...headers, ...bodyHeaders },
        body: bytes,
      };
    }
    const encoded = encode(all, allowJson);
    const body = encoded.body;
    const finalHeaders =
      defect === 'unsupported content type'
        ? { ...encoded.headers, ...headers }
        : { ...headers, ...encoded.headers };
    if (finalHeaders['content-type'] === '') delete finalHeaders['content-type'];
    return {
      label: `${defect} on ${method} (${finalHeaders['content-type'] ?? 'no content type'})`,
      kind: 'write',
      method: httpMethod,
      path,
      headers: finalHeaders,
      body,
    };
  }

  function read(): FuzzRequest {
    const endpoint = random.pick([
      'info',
      'temps',
      'temps/id',
      'outs',
      'rooms',
      'permissions',
      'user',
    ]);
    const headers: Record<string, string> = {};
    let house = String(target.houseId);
    let roomPart = endpoint === 'temps/id' ? `/${room()}` : '';
    const defect = random.pick([
      'valid',
      'no credentials',
      'bad Basic header',
      'unknown user',
      'wrong house',
      'odd query',
      'odd accept',
      'odd method',
      'bad room id',
      'body on a read',
    ]);
    let method = 'GET';
    let query = '';
    let body: Buffer | undefined;
    const user = random.chance(0.5) ? target.writer : target.reader;
    headers.authorization = basic(user.username, user.password);
    switch (defect) {
      case 'no credentials':
        delete headers.authorization;
        break;
      case 'bad Basic header':
        headers.authorization = random.pick(badBasicHeaders);
        break;
      case 'unknown user':
        headers.authorization = basic(random.pick(['nobody', ...injections]), 'whatever1');
        break;
      case 'wrong house':
        house = random.pick(badHouseIds);
        break;
      case 'odd query':
        query = `?${random.pick(['__proto__[x]=1', 'a=%zz', `q=${encodeURIComponent(random.pick(injections))}`, 'x'.repeat(4000), '&&&==', 'user=demo&password=demo1234'])}`;
        break;
      case 'odd accept':
        headers.accept = random.pick(['text/html', 'application/xml', '*/*;q=abc', 'ü', '']);
        headers['accept-encoding'] = random.pick([
          'gzip',
          'br',
          'deflate',
          'identity;q=0',
          'x-unknown',
        ]);
        break;
      case 'odd method':
        method = random.pick(['HEAD', 'OPTIONS', 'DELETE', 'PUT', 'PATCH', 'PROPFIND', 'TRACE']);
        break;
      case 'bad room id':
        roomPart = `/${random.pick(badRoomIds)}`;
        break;
      case 'body on a read':
        headers['content-type'] = random.pick([
          'application/json',
          'text/plain',
          'application/x-www-form-urlencoded',
        ]);
        body = Buffer.from(random.pick(['{"a":', 'x'.repeat(100_000), random.pick(injections)]));
        break;
    }
    const base =
      endpoint === 'user'
        ? `${prefix()}/user`
        : `${prefix()}/get/json/v1/${house}/${endpoint.replace('/id', '')}${roomPart}`;
    return {
      label: `${defect} on GET ${endpoint} (${method})`,
      kind: 'read',
      method,
      path: `${base}${random.chance(0.5) ? '/' : ''}${query}`,
      headers,
      ...(body ? { body } : {}),
    };
  }

  function account(): FuzzRequest {
    const call = random.pick(['register', 'forgot-password', 'reset-password']);
    const fields: Fields = [];
    const word = () => random.pick(['', 'a', ...injections, 'secret123456', 'x'.repeat(2000)]);
    if (call === 'register') {
      // Registration is closed by default: even well-formed sign-ups must not create a user.
      fields.push(['email', random.pick(['new@example.com', 'not-an-email', ...injections])]);
      fields.push(['password', 'secret123456']);
      fields.push(['password_confirmation', random.pick(['secret123456', word()])]);
    } else if (call === 'forgot-password') {
      fields.push([
        'email',
        random.pick(['unknown@example.com', 'no-at-sign', '@', 'a@b', ...injections]),
      ]);
    } else {
      fields.push([
        'email',
        random.pick([`${target.writer.username}@example.com`, 'demo@example.com', word()]),
      ]);
      fields.push(['token', random.pick(['', 'a'.repeat(64), 'deadbeef', ...injections])]);
      fields.push(['password', 'new-password-123']);
      fields.push(['password_confirmation', random.pick(['new-password-123', word()])]);
    }
    fields.push(...extras());
    const encoded = random.chance(0.1)
      ? { headers: { 'content-type': 'application/json' }, body: Buffer.from('{"email": [1, {') }
      : encode(fields, true);
    return {
      label: `${call} with ${fields.map(([k]) => k).join(', ')}`,
      kind: call === 'forgot-password' ? 'forgot' : 'write',
      method: 'POST',
      path: `${prefix()}/${call}`,
      headers: encoded.headers,
      body: encoded.body,
    };
  }

  function oddPath(): FuzzRequest {
    const path = random.pick([
      '/',
      '/get',
      '/get/json/v1/1/',
      '/get/json/v1/1/info/../temps',
      '/get/json/v1/1/%2e%2e/%2e%2e/etc/passwd',
      '/get/json/v1/1/temps/%',
      '/get/json/v1/1/temps/%zz',
      '/get/json/v1/1/temps/%c0%ae',
      `/get/json/v1/1/temps/${'a'.repeat(5000)}`,
      '/api/api/get/json/v1/1/info',
      '/GET/JSON/V1/1/INFO',
      '/get/json/v1/1/temps/1/2/3',
      '/get/json/v1/1/temps//',
      '/get/json/v1/1/temps/1;x',
      '/re/home/../../etc/passwd',
      '/set/json/v1/1/',
      '/set/json/v1/1/unknown/1',
      '/set/json/v1/1/ziel',
      '/.env',
      '/%00',
      '/api/%E2%80%AE',
      '/favicon.ico',
    ]);
    return {
      label: `odd path ${path.slice(0, 60)}`,
      kind: path.startsWith('/set') ? 'write' : 'read',
      method: random.pick(['GET', 'POST', 'HEAD', 'PUT', 'DELETE']),
      path,
      headers: { authorization: basic(target.writer.username, target.writer.password) },
    };
  }

  function raw(): FuzzRequest {
    const auth = basic(target.writer.username, target.writer.password);
    const pathOk = `/get/json/v1/${target.houseId}/temps/`;
    const setPath = `/set/json/v1/${target.houseId}/ziel/${room()}/`;
    const form = `user=${target.writer.username}&password=${target.writer.password}&ziel=22&duration=60`;
    const cases: [string, string][] = [
      ['garbage request line', 'GARBAGE\r\n\r\n'],
      ['unknown HTTP version', `GET ${pathOk} HTTP/9.9\r\nHost: x\r\n\r\n`],
      ['header without colon', `GET ${pathOk} HTTP/1.1\r\nHost: x\r\nBroken header\r\n\r\n`],
      [
        'control characters in a header',
        `GET ${pathOk} HTTP/1.1\r\nHost: x\r\nAuthorization: Basic \u0001\u0002\r\n\r\n`,
      ],
      [
        'header overflow',
        `GET ${pathOk} HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      ],
      [
        'two different Content-Length headers on a write',
        `POST ${setPath} HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 5\r\nContent-Length: ${form.length}\r\n\r\n${form}`,
      ],
      [
        'bad chunk size on a write',
        `POST ${setPath} HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n${form}\r\n0\r\n\r\n`,
      ],
      [
        'Content-Length and chunked together on a write',
        `POST ${setPath} HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`,
      ],
      [
        'negative Content-Length',
        `POST ${setPath} HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n`,
      ],
      [
        'space in the path',
        `GET /get/json/v1/1/te mps/ HTTP/1.1\r\nHost: x\r\nAuthorization: ${auth}\r\n\r\n`,
      ],
      ['NUL in the path', `GET /get/json/v1/1/temps/\u0000 HTTP/1.1\r\nHost: x\r\n\r\n`],
      ['unknown method', `BREW ${pathOk} HTTP/1.1\r\nHost: x\r\n\r\n`],
      [
        'gzip declared, garbage sent',
        `POST ${setPath} HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Encoding: gzip\r\nContent-Length: 10\r\nConnection: close\r\n\r\n0123456789`,
      ],
      ['HTTP/1.0 without Host', `GET ${pathOk} HTTP/1.0\r\nAuthorization: ${auth}\r\n\r\n`],
    ];
    const [label, text] = random.pick(cases);
    return {
      label: `raw: ${label}`,
      kind: 'raw',
      method: 'RAW',
      path: '',
      headers: {},
      raw: Buffer.from(text, 'latin1'),
    };
  }

  /** One request: mostly writes (where damage could happen), then reads, accounts, oddities. */
  return function next(): FuzzRequest {
    const roll = random.next();
    if (roll < 0.55) return write();
    if (roll < 0.8) return read();
    if (roll < 0.9) return account();
    if (roll < 0.97) return oddPath();
    return raw();
  };
}

/** A fixed list of requests; `add` takes a write unless the request says otherwise. */
function requestList() {
  const requests: FuzzRequest[] = [];
  const add = (request: Omit<FuzzRequest, 'kind'> & { kind?: FuzzRequest['kind'] }) =>
    requests.push({ kind: 'write', ...request });
  return { requests, add };
}

/**
 * The requests of issue 17, each once: every one must be answered (in our shape, with the
 * security headers, within 5 s) and none may change the building. Writes that would succeed if
 * a limit failed carry the writer's credentials on purpose: a hole shows as a state change.
 */
export function issue17Requests(target: FuzzTarget): FuzzRequest[] {
  const writer = basic(target.writer.username, target.writer.password);
  const reader = basic(target.reader.username, target.reader.password);
  const house = target.houseId;
  const room = target.roomIds[0]!;
  const { requests, add } = requestList();
  const form = 'application/x-www-form-urlencoded';
  const boundary = 'issue17';
  const multipartType = `multipart/form-data; boundary=${boundary}`;
  const encoders: Record<string, (bytes: Buffer) => Buffer> = {
    gzip: (bytes) => zlib.gzipSync(bytes),
    deflate: (bytes) => zlib.deflateSync(bytes),
    br: (bytes) => zlib.brotliCompressSync(bytes),
  };

  // 1. Compressed multipart bodies (they hung): a read-only user's write, an account call.
  for (const [encoding, encode] of Object.entries(encoders)) {
    for (const prefix of ['', '/api']) {
      add({
        label: `${encoding} multipart write by a read-only user (${prefix || 'root'})`,
        method: 'POST',
        path: `${prefix}/set/json/v1/${house}/ziel/${room}/`,
        headers: {
          authorization: reader,
          'content-type': multipartType,
          'content-encoding': encoding,
        },
        body: encode(multipart([['ziel', '22.5']], boundary)),
      });
      add({
        label: `${encoding} multipart register (${prefix || 'root'})`,
        method: 'POST',
        path: `${prefix}/register`,
        headers: { 'content-type': multipartType, 'content-encoding': encoding },
        body: encode(
          multipart(
            [
              ['email', 'new@example.com'],
              ['password', 'secret123456'],
              ['password_confirmation', 'secret123456'],
            ],
            boundary,
          ),
        ),
      });
      add({
        label: `${encoding} multipart forgot-password (${prefix || 'root'})`,
        kind: 'forgot',
        method: 'POST',
        path: `${prefix}/forgot-password`,
        headers: { 'content-type': multipartType, 'content-encoding': encoding },
        body: encode(multipart([['email', 'unknown@example.com']], boundary)),
      });
    }
    add({
      label: `${encoding} declared on a multipart body that is not compressed`,
      method: 'POST',
      path: `/set/json/v1/${house}/ziel/${room}/`,
      headers: {
        authorization: writer,
        'content-type': multipartType,
        'content-encoding': encoding,
      },
      body: multipart([['ziel', '22.5']], boundary),
    });
  }
  // 4. Framework-level errors.
  for (const prefix of ['', '/api']) {
    add({
      label: `malformed URL (${prefix || 'root'})`,
      kind: 'read',
      method: 'GET',
      path: `${prefix}/get/json/v1/${house}/temps/%zz/`,
      headers: { authorization: writer },
    });
  }
  add({
    label: 'PROPFIND on temps',
    kind: 'read',
    method: 'PROPFIND',
    path: `/get/json/v1/${house}/temps/`,
    headers: { authorization: writer },
  });
  const rawCases: [string, string][] = [
    ['unknown method FOO', `FOO /get/json/v1/${house}/temps/ HTTP/1.1\r\nHost: x\r\n\r\n`],
    [
      'unknown method on a write',
      `BREW /set/json/v1/${house}/ziel/${room}/ HTTP/1.1\r\nHost: x\r\nAuthorization: ${writer}\r\nContent-Type: ${form}\r\nContent-Length: 7\r\n\r\nziel=22`,
    ],
    [
      'HTTP/1.1 without Host',
      `GET /get/json/v1/${house}/temps/ HTTP/1.1\r\nAuthorization: ${writer}\r\nConnection: close\r\n\r\n`,
    ],
    [
      'write without Host',
      `POST /set/json/v1/${house}/ziel/${room}/ HTTP/1.1\r\nAuthorization: ${writer}\r\nContent-Type: ${form}\r\nContent-Length: 7\r\nConnection: close\r\n\r\nziel=22`,
    ],
    [
      'malformed URL, raw',
      `GET /get/json/v1/${house}/temps/%E0%A4%A HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
    ],
  ];
  for (const [label, text] of rawCases) {
    add({
      label,
      kind: 'raw',
      method: 'RAW',
      path: '',
      headers: {},
      raw: Buffer.from(text, 'latin1'),
    });
  }
  // 6. Wrong methods on known paths, with and without a body.
  const paths = [
    `/set/json/v1/${house}/ziel/${room}/`,
    `/api/set/json/v1/${house}/soll/${room}/`,
    `/set/json/v1/${house}/rooms/${room}`,
    `/set/json/v1/${house}/resettemp/${room}/`,
    '/forgot-password',
    '/api/register',
    `/get/json/v1/${house}/temps/`,
    '/api/user',
  ];
  for (const method of ['PUT', 'DELETE', 'PATCH']) {
    for (const path of paths) {
      add({
        label: `${method} ${path} without a body`,
        method,
        path,
        headers: { authorization: writer },
      });
      add({
        label: `${method} ${path} with a form body`,
        method,
        path,
        headers: { authorization: writer, 'content-type': form },
        body: Buffer.from('ziel=22&soll=22&action=betriebsart&value=off'),
      });
      add({
        label: `${method} ${path} with an XML body`,
        method,
        path,
        headers: { authorization: writer, 'content-type': 'application/xml' },
        body: Buffer.from('<ziel>22</ziel>'),
      });
    }
  }
  // 5. The form limits in every body type, and a repeated field (its last value is refused).
  const many: Fields = [
    ['ziel', '22.5'],
    ...Array.from({ length: 24 }, (_, i): [string, string] => [`f${i}`, 'x']),
  ];
  const long: Fields = [
    ['ziel', '22.5'],
    ['note', 'x'.repeat(2048)],
  ];
  const repeated: Fields = [
    ['ziel', '22.5'],
    ['ziel', '99'],
  ];
  for (const [what, fields] of [
    ['25 fields', many],
    ['a 2 KiB field', long],
    ['ziel twice, the last out of range', repeated],
  ] as const) {
    add({
      label: `urlencoded write with ${what}`,
      method: 'POST',
      path: `/set/json/v1/${house}/ziel/${room}/`,
      headers: { authorization: writer, 'content-type': form },
      body: encodeUrl(fields),
    });
    add({
      label: `multipart write with ${what}`,
      method: 'POST',
      path: `/api/set/json/v1/${house}/ziel/${room}/`,
      headers: { authorization: writer, 'content-type': multipartType },
      body: multipart(fields, boundary),
    });
    add({
      label: `JSON write with ${what}`,
      method: 'POST',
      path: `/set/json/v1/${house}/ziel/${room}/`,
      headers: { authorization: writer, 'content-type': 'application/json' },
      body: Buffer.from(
        `{${fields.map(([name, value]) => `${JSON.stringify(name)}:${JSON.stringify(value)}`).join(',')}}`,
      ),
    });
  }
  return requests;
}

/**
 * The requests of issue 31 ("what the second attack found"), each once: an array nested 4,140
 * deep in every body-taking route's fields (it was a 500 before sign-in), two Host headers
 * (400), dates before 1970 (400, they were read as 1900–1999), and refusals that must not
 * echo a marker sent in the path or the fields.
 */
export function issue31Requests(target: FuzzTarget): FuzzRequest[] {
  const writer = basic(target.writer.username, target.writer.password);
  const house = target.houseId;
  const room = target.roomIds[0]!;
  const { requests, add } = requestList();
  const form = 'application/x-www-form-urlencoded';
  const json = 'application/json';
  const boundary = 'issue31';
  const multipartType = `multipart/form-data; boundary=${boundary}`;
  const deep = '['.repeat(4_140) + ']'.repeat(4_140);

  // 1. Deep arrays on every route that takes a body, both prefixes where there are two.
  const bodyRoutes: [path: string, field: string, kind: FuzzRequest['kind']][] = [
    ...['', '/api'].flatMap((prefix): [string, string, FuzzRequest['kind']][] => [
      [`${prefix}/set/json/v1/${house}/ziel/${room}/`, 'ziel', 'write'],
      [`${prefix}/set/json/v1/${house}/soll/${room}/`, 'soll', 'write'],
      [`${prefix}/set/json/v1/${house}/rooms/${room}/`, 'betriebsart', 'write'],
      [`${prefix}/set/json/v1/${house}/resettemp/${room}/`, 'user', 'write'],
      [`${prefix}/forgot-password`, 'email', 'forgot'],
      [`${prefix}/reset-password`, 'token', 'write'],
      [`${prefix}/register`, 'email', 'write'],
    ]),
    [`/api/schedules/${room}/`, 'week', 'write'],
    ['/api/absences/', 'rooms', 'write'],
    ['/api/absences/1/end', 'name', 'write'],
    ['/api/alarms/1/ack', 'note', 'write'],
    ['/api/alarms/ack/', 'ids', 'write'],
  ];
  // A schedule's week, an absence's rooms and a bulk acknowledge's ids may hold 16 KiB: 8 KB of
  // brackets pass the limit and are then no week, no room list and no ids (400); every other
  // field takes 1–2 KiB (413).
  const large = new Set(['week', 'rooms', 'ids']);
  for (const [path, field, kind] of bodyRoutes) {
    add({
      label: `an array 4,140 deep in a JSON field`,
      kind,
      method: 'POST',
      path,
      headers: { authorization: writer, 'content-type': json },
      body: Buffer.from(`{${JSON.stringify(field)}:${deep}}`),
      status: large.has(field) ? 400 : 413,
    });
    // Without credentials: a bare array reads no field, so a signed-in resettemp would pass.
    add({
      label: `a JSON body that is an array 4,140 deep`,
      kind,
      method: 'POST',
      path,
      headers: { 'content-type': json },
      body: Buffer.from(deep),
    });
    add({
      label: `an array 4,140 deep as a multipart field`,
      kind,
      method: 'POST',
      path,
      headers: { 'content-type': multipartType },
      body: multipart([[field, deep]], boundary),
    });
  }
  // 4. Two Host headers.
  const twoHosts: [string, string][] = [
    [
      'two Host headers',
      `GET /get/json/v1/${house}/temps/ HTTP/1.1\r\nHost: a\r\nHost: b\r\nAuthorization: ${writer}\r\nConnection: close\r\n\r\n`,
    ],
    [
      'a write with two Host headers',
      `POST /set/json/v1/${house}/ziel/${room}/ HTTP/1.1\r\nHost: a\r\nhost: a\r\nAuthorization: ${writer}\r\nContent-Type: ${form}\r\nContent-Length: 9\r\nConnection: close\r\n\r\nziel=22.5`,
    ],
  ];
  for (const [label, text] of twoHosts) {
    add({
      label,
      kind: 'raw',
      method: 'RAW',
      path: '',
      headers: {},
      raw: Buffer.from(text, 'latin1'),
      status: 400,
    });
  }
  // 2. Dates before 1970 (read as 1900–1999 before).
  for (const query of [
    'from=0099-06-01T00:00&to=0099-06-02T00:00',
    'to=0099-06-02T00:00',
    'from=1969-12-31T12:00:00Z&to=1969-12-31T13:00:00Z',
  ]) {
    add({
      label: `history ${query}`,
      kind: 'read',
      method: 'GET',
      path: `/api/history/${room}/?${query}`,
      headers: { authorization: writer },
      status: 400,
    });
    add({
      label: `audit ${query}`,
      kind: 'read',
      method: 'GET',
      path: `/api/audit/?${query}`,
      headers: { authorization: writer },
      status: 400,
    });
  }
  for (const [from, to] of [
    ['0099-06-01T00:00', '2099-06-02T00:00'],
    ['2099-06-01T00:00', '0099-06-02T00:00:00+01:00'],
  ]) {
    add({
      label: `absence from ${from} to ${to}`,
      method: 'POST',
      path: '/api/absences/',
      headers: { authorization: writer, 'content-type': form },
      body: encodeUrl([
        ['name', 'x'],
        ['from', from!],
        ['to', to!],
        ['target', '17'],
        ['rooms', 'all'],
      ]),
      status: 400,
    });
  }
  // 3. No echo: a marker in the path or the fields never comes back.
  const mark = 'qzxmark31';
  const none = '987654321';
  const reads: [string, string][] = [
    ['an unknown path', `/api/${mark}`],
    ['an unknown path at the root', `/${mark}/x`],
    ['a room id that is no number', `/get/json/v1/${house}/temps/${mark}/`],
    ['a room that is none', `/api/get/json/v1/${house}/temps/${none}/`],
    ['an unknown house', `/get/json/v1/${mark}/temps/`],
    ['an unknown house id number', `/get/json/v1/${none}/temps/`],
    ['a history room id', `/api/history/${mark}/`],
    ['a history room that is none', `/api/history/${none}/`],
    ['an audit room that is none', `/api/audit/?room=${none}`],
    ['a schedule of a room that is none', `/api/schedules/${none}/`],
  ];
  for (const [label, path] of reads) {
    const echo = path.includes(mark) ? mark : none;
    add({
      label: `echo: ${label}`,
      kind: 'read',
      method: 'GET',
      path,
      headers: { authorization: writer },
      echo,
    });
  }
  const writes: [string, string, Fields][] = [
    ['a write to a room that is none', `/set/json/v1/${house}/ziel/${none}/`, [['ziel', '21']]],
    ['an alarm id', `/api/alarms/${mark}/ack`, []],
    ['an alarm that is none', `/api/alarms/${none}/ack`, []],
    ['alarm ids', '/api/alarms/ack/', [['ids', mark]]],
    ['an absence id', `/api/absences/${mark}/end`, []],
    ['an absence that is none', `/api/absences/${none}/end`, []],
    [
      'a week with an unknown day',
      `/api/schedules/${room}/`,
      [['week', JSON.stringify({ [mark]: [] })]],
    ],
    [
      'an absence with a room id that is no number',
      '/api/absences/',
      [
        ['name', 'x'],
        ['rooms', mark],
      ],
    ],
    [
      'an absence with a room that is none',
      '/api/absences/',
      [
        ['name', 'x'],
        ['rooms', `${room},${none}`],
      ],
    ],
    [
      'a too long field named by the marker',
      `/set/json/v1/${house}/ziel/${room}/`,
      [
        ['ziel', '21'],
        [mark, 'x'.repeat(2048)],
      ],
    ],
    [
      'a field named __proto__ with the marker',
      `/set/json/v1/${house}/ziel/${room}/`,
      [['__proto__', mark]],
    ],
  ];
  for (const [label, path, fields] of writes) {
    const echo =
      path.includes(mark) || fields.some(([k, v]) => k.includes(mark) || v.includes(mark))
        ? mark
        : none;
    add({
      label: `echo: ${label} (urlencoded)`,
      method: 'POST',
      path,
      headers: { authorization: writer, 'content-type': form },
      body: encodeUrl(fields),
      echo,
    });
    add({
      label: `echo: ${label} (multipart)`,
      method: 'POST',
      path,
      headers: { authorization: writer, 'content-type': multipartType },
      body: multipart(fields, boundary),
      echo,
    });
  }
  add({
    label: 'echo: a JSON body that is no JSON',
    method: 'POST',
    path: `/set/json/v1/${house}/ziel/${room}/`,
    headers: { authorization: writer, 'content-type': json },
    body: Buffer.from(`{"ziel": ${mark}}`),
    echo: mark,
  });
  return requests;
}

/** Answers a client must be able to trust: these headers are on every one. */
