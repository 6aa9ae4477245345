import type http from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';

/** A fake device's account: known to the device only, never to a caller. */
export const DEVICE_USER = 'geraet-konto';
export const DEVICE_PASSWORD = 'geraet-geheim-7781';

export interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** How the fake device answers a write it takes: our server's JSON room, or a real one's "OK". */
export type WriteAnswer = 'json' | 'ok' | 'empty';

/**
 * A device like a real Controme (house `houseId`, 1 unless given): a GET answers whoever asks, whatever the password (public
 * clients say so); a write must carry the device account in its form fields, and a taken one
 * moves the room's target to the device's 1/8 °C grid. `temps/{id}/` answers a one-element
 * array. Every request it gets is recorded, so a test sees what reached it. `refuse` makes it
 * answer 401 to everything; `refusal` answers writes with that page (and status); rooms in
 * `ignored` answer a write as taken and keep their value; rooms in `late` take it only once the
 * room has been read once more after the write.
 */
export async function fakeControme({ houseId = 1 }: { houseId?: number } = {}) {
  const seen: Seen[] = [];
  const state = {
    refuse: false,
    writeAnswer: 'json' as WriteAnswer,
    refusal: null as { status: number; html: string } | null,
    ignored: new Set<number>(),
    late: new Set<number>(),
    unreadable: new Set<number>(),
    /** Rooms that answer this many more reads of their own, then one 404, then again. */
    readsLeft: new Map<number, number>(),
  };
  const app: FastifyInstance = Fastify({ routerOptions: { ignoreTrailingSlash: true } });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  app.addHook('onRequest', async (request, reply) => {
    if (state.refuse) return reply.code(401).send({ error: 'unauthorized', user: DEVICE_USER });
  });
  app.addHook('preHandler', async (request) => {
    seen.push({
      method: request.method,
      url: request.url,
      headers: request.headers,
      body: typeof request.body === 'string' ? request.body : '',
    });
  });
  const rooms = new Map([
    [1, { id: 1, name: 'Wohnzimmer', solltemperatur: 21, perm_solltemperatur: 21 }],
    [2, { id: 2, name: 'Bad', solltemperatur: 22, perm_solltemperatur: 22 }],
  ]);
  /** Writes of `late` rooms, applied at the room's next read. */
  const pending = new Map<number, () => void>();
  app.get(`/get/json/v1/${houseId}/temps/`, async () => [
    { id: 1, etagenname: 'EG', raeume: [...rooms.values()] },
  ]);
  app.get(`/get/json/v1/${houseId}/temps/:roomId/`, async (request, reply) => {
    const id = Number((request.params as { roomId: string }).roomId);
    const room = rooms.get(id);
    const left = state.readsLeft.get(id);
    if (left !== undefined) state.readsLeft.set(id, left - 1);
    if (!room || state.unreadable.has(id) || left === 0)
      return reply.code(404).type('text/html').send('<h1>Not Found</h1>');
    const answer = [{ ...room, luftfeuchte: '48.5' }];
    pending.get(id)?.();
    pending.delete(id);
    return answer;
  });
  app.get(`/get/json/v1/${houseId}/info/`, async () => ({ hw: 'fake' }));
  app.get(`/get/json/v1/${houseId}/sensors/`, async () => [{ name: '28-1' }]);
  app.get(`/get/json/v1/${houseId}/permissions/`, async () => ({
    access_to_smart: 'full',
    access_to_pro: 'full',
  }));
  app.post(`/set/json/v1/${houseId}/:method/:roomId/`, async (request, reply) => {
    const fields = new URLSearchParams(request.body as string);
    if (fields.get('user') !== DEVICE_USER || fields.get('password') !== DEVICE_PASSWORD) {
      return reply.code(401).send({ error: 'unauthorized' });
    }
    if (state.refusal) {
      return reply.code(state.refusal.status).type('text/html').send(state.refusal.html);
    }
    const { method, roomId } = request.params as { method: string; roomId: string };
    const id = Number(roomId);
    const room = rooms.get(id)!;
    const asked = Number((fields.get('ziel') ?? fields.get('soll') ?? '21').replace(',', '.'));
    const apply = () => {
      const value = Math.round(asked * 8) / 8;
      if (method === 'ziel') room.solltemperatur = value;
      if (method === 'soll') room.perm_solltemperatur = room.solltemperatur = value;
    };
    if (state.late.has(id)) pending.set(id, apply);
    else if (!state.ignored.has(id)) apply();
    if (state.writeAnswer === 'ok') return reply.type('text/html; charset=utf-8').send('OK');
    if (state.writeAnswer === 'empty') return reply.send('');
    return { ...room, solltemperatur: asked };
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url, seen, state, rooms };
}

export type FakeControme = Awaited<ReturnType<typeof fakeControme>>;
