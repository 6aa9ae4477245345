import { promisify } from 'node:util';
import zlib from 'node:zlib';
import {
  DEVICE_REFUSED_NO_REASON,
  inScope,
  readNumber,
  readRoomAnswer,
  type RoomLimits,
} from '@raumregler/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { permissionsOf } from '../../platform/auth/permissions.js';
import { HttpError, unknownRoom } from '../../platform/http/error-handler.js';
import {
  acceptsGzip,
  limitsRefusal,
  perHouse,
  type DeviceAccount,
  type House,
  type Room,
} from '../building/index.js';
import { deviceAccess } from '../../platform/auth/device-access.js';
import { recordForwardedWrite } from './audit.js';
import { accountMissing, basic } from './upstream.js';
import { isJsonAnswer, isPage, isTaken, pageReason } from './write-answer.js';
import { filterFloors, roomWithLimits, type KeepRoom } from './scope-filter.js';

/**
 * What our server makes of a device's 2xx JSON answer before passing it on (issue 34): null
 * passes the device's bytes untouched; else the body to send instead (or a thrown refusal).
 */
type Transform = (request: FastifyRequest, answer: () => unknown, body: Buffer) => string | null;

const TIMEOUT_MS = 10_000;
/** Smaller answers are not worth compressing (the app's threshold for everything else). */
const GZIP_THRESHOLD = 1024;
const gzip = promisify(zlib.gzip);
/** One read-back of a room after a write: short, the caller is waiting for the write's answer. */
const READ_BACK_TIMEOUT_MS = 3_000;
/** How long after the first read-back the second one asks, when the first saw the old value. */
export const READ_BACK_RETRY_MS = 2_000;
/** The setpoint a write sets and the field of the room that shows it, by write method. */
const READ_BACK_FIELD = { ziel: 'solltemperatur', soll: 'perm_solltemperatur' } as const;

export interface ProxyOptions {
  /** Wait before the second read-back of a write (READ_BACK_RETRY_MS); tests shorten it. */
  readBackRetryMs?: number;
}

/** Runs a check for a callback hook: its refusal, or undefined when it passes. */
function callOf<A extends unknown[]>(check: (...args: A) => void, ...args: A): Error | undefined {
  try {
    check(...args);
    return undefined;
  } catch (error) {
    return error as Error;
  }
}

/** Our device API path of a request: `/api` removed (devices answer at the root). */
const devicePath = (request: FastifyRequest) =>
  request.url.replace(/^\/+/, '/').replace(/^\/api(?=\/)/, '');

/**
 * The request's query without credentials: ours were checked here, and only the device account
 * speaks to the device.
 */
function withoutCredentials(path: string): string {
  const mark = path.indexOf('?');
  if (mark < 0) return path;
  const query = new URLSearchParams(path.slice(mark + 1));
  query.delete('user');
  query.delete('password');
  const rest = query.toString();
  return rest ? `${path.slice(0, mark)}?${rest}` : path.slice(0, mark);
}

/** A write's fields as the device takes them, with the device account in place of the caller. */
function deviceForm(body: unknown, account: DeviceAccount): URLSearchParams {
  const form = new URLSearchParams();
  if (body && typeof body === 'object') {
    for (const [name, value] of Object.entries(body)) {
      if (name === 'user' || name === 'password') continue;
      if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
        form.append(name, String(value));
      }
    }
  }
  form.append('user', account.user);
  form.append('password', account.password);
  return form;
}

/**
/** Where a proxy building's requests go: its device's URL and account (app.deviceOf). */
interface Target {
  url: string;
  account: DeviceAccount;
  /** The account's Basic header (reads). */
  basic: string;
}

/** The device API method a request calls, as the path names it. */
interface Call {
  /** `info`, `temps`, `room` (temps/{id}), `rooms`, `outs`, `permissions`, `heizprogramm`, `other`; a write's method. */
  method: string;
  write: boolean;
  /** `{roomId}` of `temps/{id}/` and of a write, as given. */
  roomId: string;
}

const WRITE_METHODS = ['ziel', 'soll', 'resettemp', 'rooms'] as const;
type WriteMethod = (typeof WRITE_METHODS)[number];

/**
 * The device API method of a device path (`/get/json/v1/{houseId}/temps/3/`), with the router's
 * leniency (trailing and repeated slashes); null: no method the device API has.
 */
function methodOf(path: string): Call | null {
  const clean = (path.split('?')[0] ?? '').replace(/\/{2,}/g, '/');
  const read = /^\/get\/json\/v1\/[^/]+\/(.*?)\/?$/.exec(clean);
  if (read) {
    const rest = read[1] ?? '';
    const room = /^temps\/([^/]+)$/.exec(rest);
    if (room) return { method: 'room', write: false, roomId: room[1]! };
    const known = ['info', 'temps', 'rooms', 'outs', 'permissions', 'heizprogramm'];
    return { method: known.includes(rest) ? rest : 'other', write: false, roomId: '' };
  }
  const write = /^\/set\/json\/v1\/[^/]+\/([^/]+)\/([^/]+)\/?$/.exec(clean);
  if (write && (WRITE_METHODS as readonly string[]).includes(write[1]!)) {
    return { method: write[1]!, write: true, roomId: write[2]! };
  }
  return null;
}

/** A text of the device (its page's title) with the device account blanked out, should it quote it. */
const withoutAccount = (account: DeviceAccount, text: string) =>
  [account.password, account.user].reduce(
    (result, secret) => (secret ? result.split(secret).join('***') : result),
    text,
  );

/** Runs callback preHandlers one after another; rejects with the first refusal. */
function runChecks(
  checks: readonly PreHandler[],
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  return new Promise((resolve, reject) => {
    let index = 0;
    const next = (error?: Error | null) => {
      if (error) return reject(error);
      const check = checks[index++];
      if (!check) return resolve();
      try {
        const result = check.call(reply.server, request, reply, next) as unknown;
        if (result instanceof Promise) result.then(() => next(), reject);
      } catch (thrown) {
        reject(thrown as Error);
      }
    };
    next();
  });
}

type PreHandler = (
  request: FastifyRequest,
  reply: FastifyReply,
  done: (error?: Error | null) => void,
) => unknown;

/**
 * Proxy mode (issue 37: per building): the device API of a building in front of a Controme
 * server (`app.deviceOf(house).kind === 'proxy'`: UPSTREAM_URL for the server's own, `building
 * add --upstream-url` for another) goes to that device instead of our rooms. The device API's
 * paths are registered once (modules/building's deviceApiRoutes); this answers a request of a
 * proxy building on any of them. Every request signs in with OUR accounts and is checked by the
 * same preHandlers as in simulation (platform/auth/device-access.ts); `permissions/` is answered
 * from our user. What passes is forwarded with the building's device account: reads with its
 * Basic header, writes with its `user`/`password` form fields. The caller's credentials never
 * reach the device, and the device account never leaves this server. A device account that
 * does not open (another TOKEN_SECRET) answers 503 naming the fix.
 */
export function deviceForwarder(
  app: FastifyInstance,
  { readBackRetryMs = READ_BACK_RETRY_MS }: ProxyOptions = {},
): (request: FastifyRequest, reply: FastifyReply) => Promise<void> {
  const access = deviceAccess(app);
  const targetOf = (request: FastifyRequest): Target => {
    const house = request.house;
    const device = app.deviceOf(house);
    if (device.kind !== 'proxy') throw new Error(`house ${house.id} is no proxy building`);
    // Logged once, when the building came (upstream.ts); each request answers 503.
    if (!device.account) throw new HttpError(503, 'upstream_unavailable', accountMissing(house));
    const { account } = device;
    return { url: device.url, account, basic: basic(account.user, account.password) };
  };

  /**
   * The room as the device has it now (`temps/{id}/`, read with the device account), or null
   * when it cannot be read (no answer, no room): a short timeout, the caller is waiting.
   */
  const readRoom = async (request: FastifyRequest, target: Target, roomId: string) => {
    try {
      const room = encodeURIComponent(roomId);
      const response = await fetch(`${target.url}/get/json/v1/${request.house.id}/temps/${room}/`, {
        headers: { authorization: target.basic, accept: 'application/json' },
        redirect: 'manual',
        signal: AbortSignal.timeout(READ_BACK_TIMEOUT_MS),
      });
      if (!response.ok) return null;
      return readRoomAnswer(JSON.parse(await response.text()));
    } catch (error) {
      request.log.warn(
        { err: error, upstream: target.url },
        'could not read a room back after a write',
      );
      return null;
    }
  };

  /**
   * After the device answered a `ziel`/`soll` write as taken: read the room back at once and,
   * when it does not show the value yet, once more after readBackRetryMs (a device applies a
   * write within a moment; decision 73). Still the old value: 502 not_applied, naming the value.
   * A second look that cannot read the room leaves the device's word standing (logged).
   */
  const confirmWrite = async (request: FastifyRequest, target: Target, asked_: Call) => {
    const { roomId } = asked_;
    const method = asked_.method === 'ziel' || asked_.method === 'soll' ? asked_.method : null;
    if (!method) return;
    const fields = (request.body ?? {}) as Record<string, unknown>;
    const asked = readNumber(fields[method]);
    if (asked === null) return;
    const field = READ_BACK_FIELD[method];
    let room = await readRoom(request, target, roomId);
    if (room && isTaken(asked, room[field])) return;
    await new Promise((resolve) => setTimeout(resolve, readBackRetryMs));
    // The second look decides: one that cannot read the room leaves the device's word standing.
    room = await readRoom(request, target, roomId);
    if (!room) {
      request.log.warn(
        { upstream: target.url, roomId },
        'a write could not be read back; the device said taken',
      );
      return;
    }
    if (isTaken(asked, room[field])) return;
    const kept = room[field];
    request.log.warn(
      { upstream: target.url, roomId, asked, kept },
      'the device did not take a write',
    );
    throw new HttpError(
      502,
      'not_applied',
      `The heating controller did not take ${asked} °C` +
        (Number.isFinite(kept) ? `; it keeps ${kept} °C.` : '.'),
      undefined,
      undefined,
      { value: asked },
    );
  };

  const forward = async (
    request: FastifyRequest,
    reply: FastifyReply,
    target: Target,
    call: Call,
    init: { headers: Record<string, string>; body?: string },
    transform?: Transform,
  ) => {
    const path = devicePath(request);
    for (const name of ['accept', 'x-requested-with']) {
      const value = request.headers[name];
      if (typeof value === 'string') init.headers[name] = value;
    }
    let response: Response;
    let body: Buffer;
    try {
      response = await fetch(`${target.url}${withoutCredentials(path)}`, {
        method: request.method,
        ...init,
        redirect: 'manual',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      body = Buffer.from(await response.arrayBuffer());
    } catch (error) {
      request.log.warn({ err: error, upstream: target.url }, 'upstream device unreachable');
      throw new HttpError(502, 'upstream_unavailable', 'The heating controller does not answer.');
    }
    const type = response.headers.get('content-type') ?? '';
    const write = request.method === 'POST';
    if (write && (response.ok || response.status >= 500)) {
      // A refused write: the device's page (200 or 5xx alike), never passed on as it is.
      const text = body.toString('utf8');
      if (!isJsonAnswer(type, text) && isPage(text)) {
        const found = pageReason(text);
        const reason = found === null ? null : withoutAccount(target.account, found);
        request.log.warn(
          { upstream: target.url, status: response.status, reason },
          'the device refused a write',
        );
        throw new HttpError(502, 'device_refused', reason ?? DEVICE_REFUSED_NO_REASON);
      }
    }
    if (response.status >= 500) {
      throw new HttpError(
        502,
        'upstream_unavailable',
        `The heating controller failed (HTTP ${response.status}).`,
      );
    }
    if (response.status === 401 || response.status === 403) {
      // The caller passed our check: the device refused OUR account, which is a setting to fix,
      // not the caller's fault (a 401 would send the app back to its sign-in).
      request.log.warn(
        { upstream: target.url, status: response.status },
        'the device refused the device account: check UPSTREAM_USER / UPSTREAM_PASSWORD ' +
          "(or the building's --upstream-user / --upstream-password; writes need write access)",
      );
      throw new HttpError(
        502,
        'upstream_unavailable',
        `The heating controller refused this server's account (HTTP ${response.status}).`,
      );
    }
    if (response.status >= 400 && !/json/i.test(type)) {
      // Keep the promise of JSON errors even when a device answers with an HTML page.
      throw new HttpError(
        response.status,
        response.status === 404 ? 'not_found' : 'bad_request',
        `The heating controller refused the request (HTTP ${response.status}).`,
      );
    }
    if (response.ok && write) {
      await confirmWrite(request, target, call);
      await recordForwardedWrite(app, request, path, body);
    }
    // The device answers: if it counted as away, its return is recorded before this answer.
    if (response.ok && !write) await app.upstreamOf(request.house).answered();
    let sent: Buffer | string = body;
    if (transform && response.ok && !write) {
      let parsed: unknown;
      let read = false;
      const answer = () => {
        if (!read) {
          read = true;
          try {
            parsed = JSON.parse(body.toString('utf8'));
          } catch {
            parsed = undefined;
          }
        }
        return parsed;
      };
      const changed = transform(request, answer, body);
      if (changed !== null) {
        sent = changed;
        if (!/json/i.test(type)) reply.type('application/json; charset=utf-8');
      }
    }
    reply.code(response.status);
    if (type && !reply.hasHeader('content-type')) reply.type(type);
    const retryAfter = response.headers.get('retry-after');
    if (retryAfter) reply.header('retry-after', retryAfter);
    // The polled lists' routes leave @fastify/compress out (their answer cache compresses in
    // simulation): a large answer of the device is gzipped here, once per request.
    const routeCompresses = (reply as { compress?: unknown }).compress != null;
    if (
      !routeCompresses &&
      request.method === 'GET' &&
      Buffer.byteLength(sent) >= GZIP_THRESHOLD &&
      acceptsGzip(request.headers['accept-encoding'])
    ) {
      reply.header('content-encoding', 'gzip').header('vary', 'accept-encoding');
      return reply.send(await gzip(sent));
    }
    return reply.send(sent);
  };

  // Room rights (issue 34): what passes through to and from the device is filtered and checked
  // as the simulated device API does. Our rooms follow the device's (the poll keeps them in
  // step), each building's its own.
  const roomAccess = app.roomAccess;
  const perBuilding = perHouse((house: House) => {
    const building = house.building;
    /** The room a request's `{roomId}` names, as our building knows it; null when it knows none. */
    const knownRoom = (raw: string): { id: number | null; room: Room | null } => {
      const id = /^\d{1,9}$/.test(raw) ? Number(raw) : null;
      return { id, room: id === null ? null : (building.findRoom(id) ?? null) };
    };
    /** The rooms' limits by id, read again when the building's data moved (a CLI change too). */
    let limitsVersion = '';
    let limits = new Map<number, RoomLimits>();
    const limitsOf = () => {
      const version = building.version();
      if (version !== limitsVersion) {
        limits = building.limitsByRoom();
        limitsVersion = version;
      }
      return limits;
    };
    /**
     * A list of floors for the request's user: the device's bytes for a whole-building user (in
     * `temps/` with our `limits` beside each room once a room has limits); for a scoped user only
     * the rooms of their scope, by the floor the device lists each on. An answer that is no list
     * of floors is not passed to a scoped user.
     */
    const scopedList = (withLimits: boolean): Transform => {
      // The whole building's answer with limits, kept while the device's bytes and our limits
      // stay the same: tools polling the 1,000-room `temps/` pay one parse per change.
      let last: { body: Buffer; version: string; sent: string } | null = null;
      return (request, answer, body) => {
        const rooms = roomAccess.rooms(request);
        const known = withLimits ? limitsOf() : null;
        const addLimits = known && known.size > 0 ? (id: number) => known.get(id) ?? null : null;
        if (rooms.whole && !addLimits) return null;
        if (rooms.whole && last && last.version === limitsVersion && last.body.equals(body)) {
          return last.sent;
        }
        const user = request.user;
        const keep: KeepRoom | null =
          rooms.whole || !user ? null : (id, floor) => inScope(user, { id, floor });
        const filtered = filterFloors(answer(), keep, addLimits);
        if (filtered !== null) {
          const sent = JSON.stringify(filtered);
          if (rooms.whole) last = { body, version: limitsVersion, sent };
          return sent;
        }
        if (keep === null) return null;
        throw new HttpError(
          502,
          'upstream_unavailable',
          'The heating controller answered no list of floors.',
        );
      };
    };
    /**
     * `temps/{id}/`: a room outside the user's scope is 403 before the device is asked; one our
     * building does not know yet is asked, and the device's 404 passes (an unknown room); its
     * answer is 403 unless the scope names the room. With ANONYMOUS_READ every room is open, as
     * in simulation. The room carries our `limits` when it has any.
     */
    const roomRead = (request: FastifyRequest, roomId: string) => {
      if (app.config.anonymousRead || roomAccess.rooms(request).whole) return;
      const { id, room } = knownRoom(roomId);
      if (room) roomAccess.require(request, 'read', room.id);
      else if (id === null) throw unknownRoom();
    };
    const roomAnswer =
      (roomId: string): Transform =>
      (request, answer) => {
        const { id, room } = knownRoom(roomId);
        if (!app.config.anonymousRead && !room) roomAccess.require(request, 'read', id ?? -1);
        const known = id === null ? undefined : limitsOf().get(id);
        return known ? JSON.stringify(roomWithLimits(answer(), () => known)) : null;
      };
    /**
     * A write, checked before anything reaches the device (issue 34): a room of ours outside the
     * user's scope, or without their write capability there, is 403; a bound user's target
     * (`ziel`, `soll`) outside the room's limits is 400 `outside_room_limits`, the simulated
     * write's rule and answer. A room our building does not know (yet) goes to the device for a
     * whole-building user (the device says 404) and for a scope naming it; else it is 404.
     */
    const writable = (request: FastifyRequest, method: WriteMethod, roomId: string) => {
      const { id, room } = knownRoom(roomId);
      if (!room) {
        if (id === null) {
          if (roomAccess.rooms(request).whole) return;
          throw unknownRoom();
        }
        if (!roomAccess.rooms(request).whole && !request.user?.rooms.includes(id)) {
          throw unknownRoom();
        }
        roomAccess.require(request, 'write', id);
        return;
      }
      roomAccess.require(request, 'write', room.id);
      if (
        (method === 'ziel' || method === 'soll') &&
        room.limits &&
        roomAccess.bound(request, room.id)
      ) {
        const fields = (request.body ?? {}) as Record<string, unknown>;
        const refusal = limitsRefusal(room, method, fields[method]);
        if (refusal) throw refusal;
      }
    };

    return {
      knownRoom,
      limitsOf,
      temps: scopedList(true),
      lists: scopedList(false),
      roomRead,
      roomAnswer,
      writable,
    };
  });

  /**
   * Other device paths cannot be filtered by room (we do not know their shapes): a scoped user
   * reads only `heizprogramm/` (scenes, no rooms) of them (issue 34); 403 for the rest.
   */
  const wholeOrProgramme = (request: FastifyRequest) => {
    if (roomAccess.rooms(request).whole) return;
    throw new HttpError(403, 'forbidden', 'Only users of the whole building may read this.');
  };
  const check =
    (rule: (request: FastifyRequest) => void): PreHandler =>
    (request, _reply, done) =>
      done(callOf(rule, request));

  /** What a read needs, by method (the simulation's rules, as before per route). */
  const readChecks = (call: Call): readonly PreHandler[] => {
    switch (call.method) {
      case 'info':
        return [access.signIn];
      case 'temps':
      case 'rooms':
      case 'outs':
        return access.read;
      case 'room':
        return [
          ...access.read,
          check((request) => perBuilding(request.house).roomRead(request, call.roomId)),
        ];
      case 'permissions':
        return access.signedIn;
      case 'heizprogramm':
        // `heizprogramm/` names scenes, not rooms: every reader may read it.
        return access.signedInReader;
      default:
        // Other paths the device may know are forwarded to users who may read, whatever
        // ANONYMOUS_READ says.
        return [...access.signedInReader, check(wholeOrProgramme)];
    }
  };

  return async (request, reply) => {
    const path = devicePath(request);
    // Dot segments would let the URL parser climb out of the device API to any device path.
    if (/(^|\/)(\.|%2e){1,2}(\/|\?|$)/i.test(path.split('?')[0] ?? '')) {
      throw new HttpError(400, 'bad_request', 'The path must not contain dot segments.');
    }
    const call = methodOf(path);
    const reading = request.method === 'GET' || request.method === 'HEAD';
    // Only the writes the simulation knows reach the device: the device account may do more.
    if (!call || (call.write ? request.method !== 'POST' : !reading)) {
      throw new HttpError(404, 'not_found', 'The device API has no such method.');
    }
    const house = perBuilding(request.house);
    if (call.write) {
      await runChecks(
        [
          ...access.write,
          check((request) => house.writable(request, call.method as WriteMethod, call.roomId)),
        ],
        request,
        reply,
      );
      const target = targetOf(request);
      await forward(request, reply, target, call, {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: deviceForm(request.body, target.account).toString(),
      });
      return;
    }
    await runChecks(readChecks(call), request, reply);
    if (call.method === 'permissions') {
      // Our user's own, as in simulation (the route's schema writes it).
      await reply.send(permissionsOf(request.user!, app.today()));
      return;
    }
    const target = targetOf(request);
    const transform =
      call.method === 'temps'
        ? house.temps
        : call.method === 'rooms' || call.method === 'outs'
          ? house.lists
          : call.method === 'room'
            ? (house.roomAnswer(call.roomId) satisfies Transform)
            : undefined;
    await forward(
      request,
      reply,
      target,
      call,
      { headers: { authorization: target.basic } },
      transform,
    );
  };
}
