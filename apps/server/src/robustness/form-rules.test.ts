import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basic, startTestServer, type TestServer } from '../test-support/test-server.js';

// Issue 17, 5: the documented form limits (20 fields, 1 KiB per value on writes, 4 KiB on the
// account calls) held for multipart only, and a repeated field was the last value in multipart
// but a 400 in urlencoded. Now one rule for every body type; the last value of a repeated field.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

type Fields = [string, string][];
const encodings: Record<string, (fields: Fields) => { type: string; body: string }> = {
  multipart: (fields) => ({
    type: 'multipart/form-data; boundary=b',
    body: `${fields
      .map(
        ([name, value]) =>
          `--b\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      )
      .join('')}--b--\r\n`,
  }),
  urlencoded: (fields) => ({
    type: 'application/x-www-form-urlencoded',
    body: new URLSearchParams(fields).toString(),
  }),
  // A repeated key is written out by hand: JSON.parse keeps the last one.
  json: (fields) => ({
    type: 'application/json',
    body: `{${fields.map(([name, value]) => `${JSON.stringify(name)}:${JSON.stringify(value)}`).join(',')}}`,
  }),
};

const post = (path: string, encoding: string, fields: Fields, auth = true) => {
  const { type, body } = encodings[encoding]!(fields);
  return fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: {
      'content-type': type,
      ...(auth ? { authorization: basic('demo', 'demo1234') } : {}),
    },
    body,
  });
};

describe.each(Object.keys(encodings))('a %s body', (encoding) => {
  it('with more than 20 fields: 413', async () => {
    const fields: Fields = Array.from({ length: 21 }, (_, i) => [`f${i}`, 'x']);
    const response = await post('/set/json/v1/1/ziel/1/', encoding, [['ziel', '21'], ...fields]);
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ error: 'payload_too_large' });
  });

  it('with a 2 KiB field on a write, or a 5 KiB one on an account call: 413', async () => {
    const write = await post('/set/json/v1/1/ziel/1/', encoding, [
      ['ziel', '21'],
      ['note', 'x'.repeat(2048)],
    ]);
    expect(write.status).toBe(413);
    const account = await post(
      '/forgot-password',
      encoding,
      [['email', `${'a'.repeat(5000)}@x.de`]],
      false,
    );
    expect(account.status).toBe(413);
  });

  it('with a repeated field: the last value counts', async () => {
    const response = await post('/set/json/v1/1/ziel/2/', encoding, [
      ['ziel', '99'],
      ['ziel', '22.5'],
    ]);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { solltemperatur: number }).solltemperatur).toBe(22.5);
  });
});
