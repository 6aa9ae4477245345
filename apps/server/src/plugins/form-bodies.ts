import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { HttpError } from './error-handler.js';

const isClientError = (error: unknown) => {
  const status = (error as { statusCode?: unknown }).statusCode;
  return typeof status === 'number' && status >= 400 && status < 500;
};

/**
 * The two encodings tools use for writes: multipart/form-data (the web app, ioBroker) and
 * application/x-www-form-urlencoded (Home Assistant, IP-Symcon). Fields land on request.body as
 * strings. Registered inside the write routes' scope (not with fastify-plugin), so other route
 * groups keep their own parsers.
 */
export async function registerFormBodies(app: FastifyInstance) {
  // A plain-text body can carry no fields: answer 415 rather than "ziel is required".
  app.removeContentTypeParser('text/plain');
  // Bodies are read as UTF-8; one declared in another charset would be misread, so refuse it.
  app.addHook('onRequest', async (request) => {
    const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(
      request.headers['content-type'] ?? '',
    )?.[1];
    if (charset && !/^(utf-?8|us-ascii)$/i.test(charset)) {
      throw new HttpError(415, 'unsupported_media_type', 'Only UTF-8 bodies are understood.');
    }
  });
  await app.register(formbody, { bodyLimit: 16 * 1024 });
  await app.register(multipart, {
    limits: { fields: 20, fieldSize: 1024, fieldNameSize: 100, files: 0, parts: 21 },
  });
  // Our own reading of the parts, not attachFieldsToBody: a truncated or malformed multipart
  // body then answers 400 instead of surfacing as a parser crash (500).
  app.addHook('preValidation', async (request) => {
    if (!request.isMultipart()) return;
    const fields: Record<string, string> = Object.create(null) as Record<string, string>;
    try {
      for await (const part of request.parts()) {
        if (part.type !== 'field') continue;
        // busboy cuts long values silently; a cut setpoint must not pass as a shorter one.
        if (part.valueTruncated || part.fieldnameTruncated) {
          throw new HttpError(
            413,
            'payload_too_large',
            `The field "${part.fieldname}" is too long.`,
          );
        }
        fields[part.fieldname] = String(part.value);
      }
    } catch (error) {
      if (error instanceof HttpError || isClientError(error)) throw error;
      throw new HttpError(400, 'bad_request', 'The multipart body is malformed.');
    }
    request.body = fields;
  });
}
