import { deviceListProblem } from './room-devices.js';
import {
  ACCESS_LEVELS,
  isDay,
  roomLimitsProblem,
  type RoomLimits,
  NEW_PASSWORD_MAX,
  NEW_PASSWORD_MIN,
  newPasswordProblem,
  type Access,
} from '@raumregler/contract';

/** The seed file an installer writes to describe a building (see README). */
export interface Seed {
  building: {
    name: string;
    houseId: number;
    demoLogin?: { username: string; password: string };
  };
  users: SeedUser[];
  floors: SeedFloor[];
}

export interface SeedUser {
  username: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  access: { smart: Access; pro: Access };
  /** Scope (issue 34): floor and room ids of this seed, the union; none = the whole building. */
  floors?: number[];
  rooms?: number[];
  /** Validity: first and last day, `YYYY-MM-DD` device-local, both included. */
  validFrom?: string;
  validUntil?: string;
}

export interface SeedFloor {
  id: number;
  name: string;
  rooms: SeedRoom[];
}

export interface SeedRoom {
  id: number;
  name: string;
  /** null: the room has no sensor. */
  temperature: number | null;
  target: number;
  humidity?: number | null;
  mode?: string;
  schedule?: SeedSwitchPoint[];
  /** The room's limits for users who do not manage it (issue 34); none when missing. */
  limits?: RoomLimits | null;
  /** zigbee2mqtt friendly names of the room's thermostats and sensors (issue 36). */
  devices?: string[];
}

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export interface SeedSwitchPoint {
  days: Weekday[];
  /** "HH:MM", 24-hour local time. */
  at: string;
  target: number;
}

export class SeedError extends Error {
  constructor(
    readonly path: string,
    problem: string,
  ) {
    super(`Seed is invalid at ${path}: ${problem}`);
  }
}

type Json = unknown;

function isObject(value: Json): value is Record<string, Json> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function object(value: Json, path: string): Record<string, Json> {
  if (!isObject(value)) throw new SeedError(path, 'expected an object');
  return value;
}

function array(value: Json, path: string): Json[] {
  if (!Array.isArray(value)) throw new SeedError(path, 'expected an array');
  return value;
}

function text(value: Json, path: string, max = 100): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw new SeedError(path, 'expected a non-empty string');
  }
  if (value.length > max) throw new SeedError(path, `longer than ${max} characters`);
  return value;
}

function int(value: Json, path: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
    throw new SeedError(path, 'expected a positive whole number');
  }
  return value;
}

function num(value: Json, path: string, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) {
    throw new SeedError(path, `expected a number from ${min} to ${max}`);
  }
  return value;
}

function access(value: Json, path: string): Access {
  if (!ACCESS_LEVELS.includes(value as Access)) {
    throw new SeedError(path, `expected one of ${ACCESS_LEVELS.join(', ')}`);
  }
  return value as Access;
}

function unique<T>(values: T[], path: string, what: string) {
  const seen = new Set<T>();
  values.forEach((value, index) => {
    if (seen.has(value))
      throw new SeedError(`${path}[${index}]`, `duplicate ${what} ${String(value)}`);
    seen.add(value);
  });
}

function parseSwitchPoint(value: Json, path: string): SeedSwitchPoint {
  const point = object(value, path);
  const days = array(point.days, `${path}.days`).map((day, index) => {
    if (!WEEKDAYS.includes(day as Weekday)) {
      throw new SeedError(`${path}.days[${index}]`, `expected one of ${WEEKDAYS.join(', ')}`);
    }
    return day as Weekday;
  });
  if (days.length === 0) throw new SeedError(`${path}.days`, 'expected at least one day');
  const at = text(point.at, `${path}.at`, 5);
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(at)) throw new SeedError(`${path}.at`, 'expected HH:MM');
  return { days, at, target: num(point.target, `${path}.target`, 5, 30) };
}

function idList(value: Json, path: string): number[] {
  const ids = array(value, path).map((id, index) => int(id, `${path}[${index}]`));
  unique(ids, path, 'id');
  return ids;
}

function day(value: Json, path: string): string {
  if (!isDay(value)) throw new SeedError(path, 'expected a day YYYY-MM-DD');
  return value;
}

function limitsOf(value: Json, path: string): RoomLimits {
  const limits = object(value, path);
  const min = num(limits.min, `${path}.min`, 5, 30);
  const max = num(limits.max, `${path}.max`, 5, 30);
  const problem = roomLimitsProblem(min, max);
  if (problem) throw new SeedError(path, problem);
  return { min, max };
}

function parseRoom(value: Json, path: string): SeedRoom {
  const room = object(value, path);
  const temperature =
    room.temperature === null ? null : num(room.temperature, `${path}.temperature`, -30, 60);
  const humidity =
    room.humidity === undefined || room.humidity === null
      ? null
      : num(room.humidity, `${path}.humidity`, 0, 100);
  const schedule =
    room.schedule === undefined
      ? []
      : array(room.schedule, `${path}.schedule`).map((point, index) =>
          parseSwitchPoint(point, `${path}.schedule[${index}]`),
        );
  return {
    id: int(room.id, `${path}.id`),
    name: text(room.name, `${path}.name`),
    temperature,
    target: num(room.target, `${path}.target`, 5, 30),
    humidity,
    mode: room.mode === undefined ? 'Heating' : text(room.mode, `${path}.mode`, 30),
    schedule,
    limits:
      room.limits === undefined || room.limits === null
        ? null
        : limitsOf(room.limits, `${path}.limits`),
    devices: room.devices === undefined ? [] : devicesOf(room.devices, `${path}.devices`),
  };
}

/** A room's zigbee2mqtt devices (issue 36): friendly names, each once. */
function devicesOf(value: Json, path: string): string[] {
  const names = array(value, path).map((name, index) => {
    if (typeof name !== 'string') throw new SeedError(`${path}[${index}]`, 'expected a string');
    return name;
  });
  const problem = deviceListProblem(names);
  if (problem) throw new SeedError(path, problem);
  return names;
}

/** A seed user's optional scope and validity (issue 34); ids are checked against the floors later. */
function scopeOf(user: Record<string, Json>, path: string): Partial<SeedUser> {
  const scope: Partial<SeedUser> = {};
  if (user.floors !== undefined) scope.floors = idList(user.floors, `${path}.floors`);
  if (user.rooms !== undefined) scope.rooms = idList(user.rooms, `${path}.rooms`);
  if (user.validFrom !== undefined) scope.validFrom = day(user.validFrom, `${path}.validFrom`);
  if (user.validUntil !== undefined) scope.validUntil = day(user.validUntil, `${path}.validUntil`);
  if (scope.validFrom && scope.validUntil && scope.validFrom > scope.validUntil) {
    throw new SeedError(`${path}.validUntil`, 'expected a day not before validFrom');
  }
  return scope;
}

/** A scope must name floors and rooms of this seed: a typo would silently hide rooms. */
function checkScopes(users: SeedUser[], floors: SeedFloor[]) {
  const floorIds = new Set(floors.map((floor) => floor.id));
  const roomIds = new Set(floors.flatMap((floor) => floor.rooms.map((room) => room.id)));
  users.forEach((user, index) => {
    user.floors?.forEach((id, at) => {
      if (!floorIds.has(id)) {
        throw new SeedError(
          `$.users[${index}].floors[${at}]`,
          `there is no floor ${id} in this seed`,
        );
      }
    });
    user.rooms?.forEach((id, at) => {
      if (!roomIds.has(id)) {
        throw new SeedError(
          `$.users[${index}].rooms[${at}]`,
          `there is no room ${id} in this seed`,
        );
      }
    });
  });
}

/** Checks a parsed seed file; throws a SeedError naming the path of the first bad field. */
export function parseSeed(value: Json): Seed {
  const root = object(value, '$');
  const building = object(root.building, '$.building');
  let demoLogin: Seed['building']['demoLogin'];
  if (building.demoLogin !== undefined) {
    const login = object(building.demoLogin, '$.building.demoLogin');
    demoLogin = {
      username: text(login.username, '$.building.demoLogin.username', 50),
      password: text(login.password, '$.building.demoLogin.password', 50),
    };
  }
  const users = array(root.users, '$.users').map((entry, index): SeedUser => {
    const path = `$.users[${index}]`;
    const user = object(entry, path);
    const userAccess = object(user.access, `${path}.access`);
    const email = text(user.email, `${path}.email`, 254);
    if (!/^[^\s@]+@[^\s@]+$/.test(email))
      throw new SeedError(`${path}.email`, 'expected an e-mail address');
    const password = text(user.password, `${path}.password`, 200);
    // The one rule for new passwords (the contract's): a seeded user must be able to sign in.
    if (newPasswordProblem(password) !== null) {
      throw new SeedError(
        `${path}.password`,
        `expected ${NEW_PASSWORD_MIN} to ${NEW_PASSWORD_MAX} characters`,
      );
    }
    return {
      username: text(user.username, `${path}.username`, 50),
      email,
      password,
      firstName: user.firstName === undefined ? '' : text(user.firstName, `${path}.firstName`),
      lastName: user.lastName === undefined ? '' : text(user.lastName, `${path}.lastName`),
      access: {
        smart: access(userAccess.smart, `${path}.access.smart`),
        pro: access(userAccess.pro, `${path}.access.pro`),
      },
      ...scopeOf(user, path),
    };
  });
  unique(
    users.map((u) => u.username.toLowerCase()),
    '$.users',
    'username',
  );
  unique(
    users.map((u) => u.email.toLowerCase()),
    '$.users',
    'email',
  );
  const floors = array(root.floors, '$.floors').map((entry, index): SeedFloor => {
    const path = `$.floors[${index}]`;
    const floor = object(entry, path);
    return {
      id: int(floor.id, `${path}.id`),
      name: text(floor.name, `${path}.name`),
      rooms: array(floor.rooms, `${path}.rooms`).map((room, roomIndex) =>
        parseRoom(room, `${path}.rooms[${roomIndex}]`),
      ),
    };
  });
  unique(
    floors.map((f) => f.id),
    '$.floors',
    'floor id',
  );
  unique(
    floors.flatMap((f) => f.rooms.map((r) => r.id)),
    '$.floors[*].rooms',
    'room id',
  );
  // A device belongs to one room.
  unique(
    floors.flatMap((f) => f.rooms.flatMap((r) => r.devices ?? [])),
    '$.floors[*].rooms[*].devices',
    'device',
  );
  checkScopes(users, floors);
  return {
    building: {
      name: text(building.name, '$.building.name'),
      houseId: building.houseId === undefined ? 1 : int(building.houseId, '$.building.houseId'),
      ...(demoLogin ? { demoLogin } : {}),
    },
    users,
    floors,
  };
}
