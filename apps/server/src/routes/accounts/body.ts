import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Account calls come as multipart (the web app), urlencoded (scripts) or JSON. The parsers are
 * added only where no other part of the server has added them already.
 */
export async function acceptFormBodies(app: FastifyInstance) {
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) {
    await app.register(formbody);
  }
  if (!app.hasContentTypeParser('multipart/form-data')) {
    await app.register(multipart, {
      attachFieldsToBody: 'keyValues',
      limits: { fields: 20, fieldSize: 4096, files: 0, fileSize: 0, parts: 20 },
    });
  }
}

/** One text field of the body, whatever the encoding; anything else (files, objects) is absent. */
export function field(request: FastifyRequest, name: string): string | undefined {
  const body = request.body;
  if (body === null || typeof body !== 'object') return undefined;
  let value: unknown = (body as Record<string, unknown>)[name];
  if (Array.isArray(value)) value = value[0];
  // Multipart parsed with attachFieldsToBody: true wraps each field as { value }.
  if (value !== null && typeof value === 'object' && 'value' in value) value = value.value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return typeof value === 'string' ? value : undefined;
}
