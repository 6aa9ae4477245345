import { can, inScope, type Capability, type RoomPlace } from '@raumregler/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { holderOf } from '../../platform/auth/permissions.js';
import type { UserRecord } from '../../platform/auth/users.js';
import { HttpError } from '../../platform/http/error-handler.js';
import { perHouse } from './house-param.js';
import type { House } from './houses.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Which rooms a user may see and change (issue 34): the contract's `can` with the room. */
    roomAccess: RoomAccess;
  }
}

/** The rooms of one user's scope, as every list and check of a request uses them. */
export interface UserRooms {
  /** One key per scope ('' = the whole building): answer caches and ETags are kept per key. */
  readonly key: string;
  /** The whole building (no scope, or nobody signed in with ANONYMOUS_READ). */
  readonly whole: boolean;
  /** Whether the room (by id) is in the scope; unknown rooms are not. */
  has(roomId: number): boolean;
  /** The ids of the rooms in the scope (every room for the whole building). */
  ids(): ReadonlySet<number>;
}

/** What a refusal of a room outside the scope says (403 `forbidden`). */
export const outsideScope = () =>
  new HttpError(403, 'forbidden', 'You may not see or change this room.');

/** A user's scope as stored: floor and room ids. */
type Scope = Pick<UserRecord, 'floors' | 'rooms'>;

const scopeKey = (user: Scope | null) =>
  !user || (user.floors.length === 0 && user.rooms.length === 0)
    ? ''
    : `f${user.floors.join(',')}r${user.rooms.join(',')}`;

/**
 * The rooms of each scope, worked out once per scope and building version (a room moved to
 * another floor, a seed imported): a one-room user's checks are set lookups, and a
 * whole-building user's cost nothing.
 */
function createHouseAccess(app: FastifyInstance, house: House) {
  const { building } = house;
  let version = '';
  let floorOf = new Map<number, number>();
  const scopes = new Map<string, UserRooms>();
  const refresh = () => {
    const current = building.version();
    if (current === version) return;
    const next = building.floorsOfRooms();
    // The simulation moves the version every few seconds without moving rooms: keep the
    // scopes worked out while no room changed its floor or came or went.
    const same =
      next.size === floorOf.size && [...next].every(([id, floor]) => floorOf.get(id) === floor);
    version = current;
    if (same) return;
    floorOf = next;
    scopes.clear();
  };
  const whole: UserRooms = {
    key: '',
    whole: true,
    has: (roomId) => {
      refresh();
      return floorOf.has(roomId);
    },
    ids: () => {
      refresh();
      return new Set(floorOf.keys());
    },
  };
  // A room the map does not know (yet) is on no floor: only a whole-building user, or a scope
  // naming the room itself, holds it.
  const placeOf = (roomId: number): RoomPlace => ({ id: roomId, floor: floorOf.get(roomId) ?? -1 });

  /** The rooms of a user's scope (the whole building for nobody, as ANONYMOUS_READ reads). */
  const roomsOf = (user: Scope | null): UserRooms => {
    const key = scopeKey(user);
    if (key === '') return whole;
    refresh();
    let rooms = scopes.get(key);
    if (!rooms) {
      const holder = { floors: user!.floors, rooms: user!.rooms };
      const ids = new Set<number>();
      for (const [id, floor] of floorOf) {
        if (inScope(holder, { id, floor })) ids.add(id);
      }
      rooms = { key, whole: false, has: (roomId) => ids.has(roomId), ids: () => ids };
      scopes.set(key, rooms);
    }
    return rooms;
  };

  /** Whether the request's user has the capability in this room (the contract's rule). */
  const allows = (request: FastifyRequest, capability: Capability, roomId: number): boolean => {
    if (!request.user) return false;
    return userAllows(request.user, capability, roomId);
  };
  /** The same rule for a user without a request (HA_USER's commands from Home Assistant). */
  const userAllows = (user: UserRecord, capability: Capability, roomId: number): boolean => {
    refresh();
    return can(holderOf(user), capability, placeOf(roomId), app.today());
  };

  return { roomsOf, allows, userAllows };
}

/**
 * Which rooms a user may see and change, in the request's building (`request.house`) or a
 * building named (no request: HA_USER's commands): each building's scopes worked out apart.
 */
export function createRoomAccess(app: FastifyInstance) {
  const of = perHouse((house) => createHouseAccess(app, house));
  return {
    /** The rooms of a user's scope in a building. */
    roomsOf: (house: House, user: Scope | null) => of(house).roomsOf(user),
    /** The rooms of the request's user in the request's building. */
    rooms: (request: FastifyRequest) => of(request.house).roomsOf(request.user),
    can: (request: FastifyRequest, capability: Capability, roomId: number) =>
      of(request.house).allows(request, capability, roomId),
    /** Whether the user has the capability in this room (no request: HA_USER's commands). */
    userCan: (house: House, user: UserRecord, capability: Capability, roomId: number) =>
      of(house).userAllows(user, capability, roomId),
    /**
     * Refuses (403 `forbidden`) a room outside the user's scope, or a capability they lack in
     * it. The room must exist: an unknown room stays a 404, answered before this.
     */
    require(request: FastifyRequest, capability: Capability, roomId: number): void {
      if (!of(request.house).allows(request, capability, roomId)) throw outsideScope();
    },
    /** Whether the room's limits bind the request's user: they do not manage the room. */
    bound: (request: FastifyRequest, roomId: number): boolean =>
      !of(request.house).allows(request, 'manage', roomId),
  };
}
export type RoomAccess = ReturnType<typeof createRoomAccess>;

export default fp(
  async (app) => {
    app.decorate('roomAccess', createRoomAccess(app));
  },
  { name: 'room-access', dependencies: ['database', 'auth'] },
);
