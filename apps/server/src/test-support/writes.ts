import type { ApiErrorBody, Floor, Room } from '@raumregler/contract';
import { expect } from 'vitest';
import type { TestServer } from './test-server.js';

export const demo: [string, string] = ['demo', 'demo1234'];

/** Write helpers against one test server, the way real clients send them. */
export function writesTo(server: () => TestServer) {
  return {
    /** The web app's way: multipart with user and password beside the fields, under /api. */
    multipart(path: string, fields: Record<string, string>, user = demo) {
      const form = new FormData();
      form.set('user', user[0]);
      form.set('password', user[1]);
      for (const [key, value] of Object.entries(fields)) form.set(key, value);
      return server().request(`/api/set/json/v1/1/${path}`, { method: 'POST', body: form });
    },
    /** Home Assistant's way: urlencoded at the root, here with a Basic header. */
    urlencoded(path: string, fields: Record<string, string>, auth = demo) {
      return server().request(`/set/json/v1/1/${path}`, {
        method: 'POST',
        auth,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
      });
    },
    /** One room as temps/ lists it. */
    async room(id: number): Promise<Room> {
      const response = await server().request('/get/json/v1/1/temps/', { auth: demo });
      const floors = (await response.json()) as Floor[];
      return floors.flatMap((floor) => floor.raeume).find((entry) => entry.id === id)!;
    },
  };
}

/** Asserts a JSON error of the contract's shape (and a message for `field`, when given). */
export async function expectError(response: Response, status: number, field?: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/application\/json/);
  const body = (await response.json()) as ApiErrorBody;
  expect(typeof body.error).toBe('string');
  expect(typeof body.message).toBe('string');
  expect(JSON.stringify(body)).not.toMatch(/at .*\.(ts|js):\d+/);
  if (field) expect(body.messages?.[field]?.length).toBeGreaterThan(0);
  return body;
}
