import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { acceptMultipartFields } from '../../platform/http/multipart-fields.js';

/**
 * Account calls come as multipart (the web app), urlencoded (scripts) or JSON. The parsers are
 * added only where no other part of the server has added them already.
 */
export async function acceptFormBodies(app: FastifyInstance) {
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) {
    await app.register(formbody);
  }
  if (!app.hasContentTypeParser('multipart/form-data')) {
    acceptMultipartFields(app, {
      body: app.initialConfig.bodyLimit ?? 64 * 1024,
      fields: 20,
      fieldSize: 4096,
      fieldNameSize: 100,
    });
  }
}

/**
 * One text field of the body, whatever the encoding; anything else (files, objects) is absent.
 * `Body` is the call's payload type from the contract, so only its field names are accepted.
 * Fields are read by hand, not by Fastify's schema validation: a missing or bad field is
 * answered with its own message (validation.ts), which a schema error would replace.
 */
export function field<Body extends object>(
  request: FastifyRequest,
  name: Extract<keyof Body, string>,
): string | undefined {
  const body = request.body;
  if (body === null || typeof body !== 'object') return undefined;
  let value: unknown = (body as Record<string, unknown>)[name];
  if (Array.isArray(value)) value = value[0];
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return typeof value === 'string' ? value : undefined;
}
