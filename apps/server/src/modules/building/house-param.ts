import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError, unknownHouse } from '../../platform/http/error-handler.js';
import type { House } from './houses.js';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The building the request is about (issue 37), worked out on first use: the device API's
     * `{houseId}`, else the `house` parameter (query or form field), else the building whose
     * host label the request's host name starts with, else the server's own (HOUSE_ID). An
     * unknown house answers 404.
     */
    readonly house: House;
  }
}

/** The first label of a host name (`schule-nord` of schule-nord.example.com); null for an IP. */
export function hostLabelOf(hostname: string): string | null {
  const name = hostname.replace(/:\d+$/, '').toLowerCase();
  if (name.startsWith('[') || /^\d+(\.\d+){3}$/.test(name)) return null;
  const label = name.split('.')[0] ?? '';
  return label === '' ? null : label;
}

const HOUSE_TEXT = /^\d{1,7}$/;

/** A house id as given in a path, query or form: 400 when it is no whole number. */
function houseIdOf(value: unknown, where: string): number {
  const text = Array.isArray(value) ? value[0] : value;
  if (typeof text !== 'string' && typeof text !== 'number') {
    throw new HttpError(400, 'bad_request', `${where} must be a house id (a whole number).`);
  }
  const trimmed = String(text).trim();
  if (!HOUSE_TEXT.test(trimmed)) {
    throw new HttpError(400, 'bad_request', `${where} must be a house id (a whole number).`);
  }
  return Number(trimmed);
}

/** The building a request names or is opened under (see `request.house`). */
export function houseOfRequest(app: FastifyInstance, request: FastifyRequest): House {
  const { houses } = app;
  const path = (request.params as { houseId?: unknown } | undefined)?.houseId;
  if (path !== undefined) {
    // The device API's own 404 (spec): the path names a house id this server does not run.
    const id = /^\d{1,7}$/.test(String(path)) ? Number(path) : NaN;
    const house = houses.get(id);
    if (!house) throw unknownHouse();
    return house;
  }
  const query = (request.query as { house?: unknown } | undefined)?.house;
  const body =
    request.body && typeof request.body === 'object'
      ? (request.body as { house?: unknown }).house
      : undefined;
  const given = query ?? body;
  if (given !== undefined) {
    const house = houses.get(houseIdOf(given, 'house'));
    if (!house) throw unknownHouse();
    return house;
  }
  const label = hostLabelOf(request.hostname);
  const labelled = label === null ? undefined : houses.byHostLabel(label);
  return labelled ?? houses.get(houses.defaultId)!;
}

const HOUSE = Symbol('house');

/** `request.house` for every route: worked out once per request, on first use. */
export default fp(
  async (app) => {
    app.decorateRequest('house', {
      getter(this: FastifyRequest & { [HOUSE]?: House }) {
        this[HOUSE] ??= houseOfRequest(app, this);
        return this[HOUSE];
      },
    });
  },
  { name: 'house-param', dependencies: ['building'] },
);

/**
 * Per-building state made on first use, one per House (dropped with it when the building is
 * removed): answer caches, views, a building's history or alarms repository.
 */
export function perHouse<T>(make: (house: House) => T): (house: House) => T {
  const made = new WeakMap<House, T>();
  return (house) => {
    let value = made.get(house);
    if (value === undefined) {
      value = make(house);
      made.set(house, value);
    }
    return value;
  };
}
