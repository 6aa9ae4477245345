import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendRequest } from '../test-support/http-probe.js';
import { startChildServer, type ChildServer } from '../test-support/spawn-server.js';

// Oversized write bodies against the real server process: each must be refused with a 413 JSON
// answer while the client is still sending, and the process must not grow by what was sent.
const MB = 1024 * 1024;
const demo = { user: 'demo', password: 'demo1234' };
const auth = `Basic ${Buffer.from(`${demo.user}:${demo.password}`).toString('base64')}`;
const boundary = 'raumregler-big-body';

interface StreamedAnswer {
  status: number;
  contentType: string;
  body: string;
}

/** The client holds the rest of the body back until this much is out and the server answered. */
const HOLD_BACK_AFTER = 1 * MB;

/**
 * Sends `head`, then filler bytes up to `total`, then `tail`, in 64 KiB chunks, honouring
 * backpressure. After the first MB it stops sending until the server has answered: a server that
 * waits for the whole body never answers then, so an answer proves the body was refused early,
 * without any timing luck. Then it sends the rest, as a client that does not read answers
 * before it is done would, until the server closes the connection. Without `declareLength` the
 * body goes out chunked, as a streaming client would send it.
 */
function streamBody(
  origin: string,
  path: string,
  contentType: string,
  parts: { head: string; total: number; tail: string },
  declareLength: boolean,
): Promise<StreamedAnswer> {
  const url = new URL(origin);
  const head = Buffer.from(parts.head);
  const tail = Buffer.from(parts.tail);
  const filler = parts.total - head.length - tail.length;
  const chunk = Buffer.alloc(64 * 1024, 'a');
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    let holding = false;
    const req = http.request({
      host: url.hostname,
      port: url.port,
      method: 'POST',
      path,
      agent: false,
      headers: {
        authorization: auth,
        'content-type': contentType,
        ...(declareLength ? { 'content-length': String(parts.total) } : {}),
      },
    });
    req.on('response', (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (data: Buffer) => chunks.push(data));
      res.on('end', () => {
        resolve({
          status: res.statusCode ?? 0,
          contentType: String(res.headers['content-type'] ?? ''),
          body: Buffer.concat(chunks).toString('utf8'),
        });
      });
      if (holding) {
        holding = false;
        pump();
      }
    });
    // Once the server has answered and closed, further writes fail: that is the point.
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    req.on('close', () => {
      if (!answered) reject(new Error('closed without an answer'));
    });
    const write = (bytes: Buffer) => {
      sent += bytes.length;
      return req.write(bytes);
    };
    write(head);
    let remaining = filler;
    const pump = () => {
      while (remaining > 0 && !req.destroyed) {
        if (sent >= HOLD_BACK_AFTER && !answered) {
          holding = true;
          return;
        }
        const piece = remaining >= chunk.length ? chunk : chunk.subarray(0, remaining);
        remaining -= piece.length;
        if (!write(piece)) {
          req.once('drain', pump);
          return;
        }
      }
      if (remaining === 0 && !req.destroyed) {
        write(tail);
        req.end();
      }
    };
    pump();
  });
}

const multipartField = (name: string) =>
  `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`;
const credentialsParts =
  `${multipartField('user')}${demo.user}\r\n` + `${multipartField('password')}${demo.password}\r\n`;

let server: ChildServer;
beforeAll(async () => {
  server = await startChildServer({ entry: 'src' });
});
afterAll(async () => {
  await server.stop();
});

describe('oversized write bodies', () => {
  it('refuses 20 MB bodies of every encoding early with 413 JSON, and memory stays flat', async () => {
    const path = '/set/json/v1/1/ziel/1/';
    const multipart = `multipart/form-data; boundary=${boundary}`;
    const cases = [
      {
        name: 'multipart with a 20 MB file',
        contentType: multipart,
        head: `${credentialsParts}--${boundary}\r\nContent-Disposition: form-data; name="padding"; filename="big.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      },
      {
        name: 'multipart with a 20 MB field',
        contentType: multipart,
        head: `${credentialsParts}${multipartField('ziel')}`,
      },
      {
        name: 'urlencoded with a 20 MB field',
        contentType: 'application/x-www-form-urlencoded',
        head: `user=${demo.user}&password=${demo.password}&ziel=`,
      },
    ];
    // Warm up first, so the baseline includes the code paths and their first allocations.
    const small = await streamBody(
      server.origin,
      path,
      multipart,
      { head: multipartField('ziel'), total: 2 * MB, tail: `\r\n--${boundary}--\r\n` },
      true,
    );
    expect(small.status).toBe(413);
    const before = server.rssMb();
    for (const declareLength of [true, false]) {
      for (const entry of cases) {
        const label = `${entry.name}, ${declareLength ? 'content-length' : 'chunked'}`;
        const answer = await streamBody(
          server.origin,
          path,
          entry.contentType,
          { head: entry.head, total: 20 * MB, tail: `\r\n--${boundary}--\r\n` },
          declareLength,
        );
        expect(answer.status, label).toBe(413);
        expect(answer.contentType, label).toMatch(/^application\/json/);
        expect(JSON.parse(answer.body), label).toMatchObject({ error: 'payload_too_large' });
      }
    }
    const grown = server.rssMb() - before;
    expect(grown, `RSS grew by ${grown.toFixed(1)} MB over six 20 MB bodies`).toBeLessThan(20);

    // Normal writes still work, in both encodings, on the same server.
    const viaForm = await sendRequest(server.origin, {
      method: 'POST',
      path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: Buffer.from(new URLSearchParams({ ...demo, ziel: '22.5', duration: '30' }).toString()),
    });
    expect(viaForm.status, viaForm.body).toBe(200);
    const viaMultipart = await sendRequest(server.origin, {
      method: 'POST',
      path: '/api/set/json/v1/1/ziel/2/',
      headers: { 'content-type': multipart, authorization: auth },
      body: Buffer.from(
        `${multipartField('ziel')}21.5\r\n${multipartField('duration')}45\r\n--${boundary}--\r\n`,
      ),
    });
    expect(viaMultipart.status, viaMultipart.body).toBe(200);
    expect(JSON.parse(viaMultipart.body)).toMatchObject({ id: 2, solltemperatur: 21.5 });
  }, 60_000);
});
