import { Writable } from 'node:stream';
import Fastify, { LogController } from 'fastify';
import { describe, expect, it } from 'vitest';
import { lazyRequestLogger } from './request-logger.js';

/** A Fastify app logging JSON lines into an array, with the lazy request logger. */
async function appLoggingInto(lines: Record<string, unknown>[]) {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  const app = Fastify({
    logger: { level: 'info', stream },
    logController: new LogController({ disableRequestLogging: true }),
    childLoggerFactory: lazyRequestLogger,
  });
  app.get('/quiet', async () => ({ ok: true }));
  app.get('/loud', async (request) => {
    request.log.warn({ detail: 7 }, 'something to say');
    request.log.debug('below the level');
    return { ok: true };
  });
  await app.ready();
  return app;
}

describe('request logger (request.log made on first use)', () => {
  it('logs what a request logs, with its request id, at the configured level', async () => {
    const lines: Record<string, unknown>[] = [];
    const app = await appLoggingInto(lines);
    const answer = await app.inject({ url: '/loud' });
    expect(answer.statusCode).toBe(200);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 40, msg: 'something to say', detail: 7 });
    expect(lines[0]!.reqId).toEqual(expect.any(String));
    await app.close();
  });

  it('keeps each request apart: two requests log with their own ids', async () => {
    const lines: Record<string, unknown>[] = [];
    const app = await appLoggingInto(lines);
    await app.inject({ url: '/loud' });
    await app.inject({ url: '/quiet' });
    await app.inject({ url: '/loud' });
    expect(lines).toHaveLength(2);
    expect(lines[0]!.reqId).not.toBe(lines[1]!.reqId);
    await app.close();
  });
});
