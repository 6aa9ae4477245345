import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import { HttpError } from './error-handler.js';
import { acceptMultipartFields } from './multipart-fields.js';

/** A write carries a handful of short fields; 16 KiB is generous for either encoding. */
export const FORM_BODY_LIMIT = 16 * 1024;

/** What one route group allows beyond the usual limits: larger values of the named fields. */
export interface FormBodyOptions {
  /** Field name → bytes of its value (the schedule's `week`, an absence's `rooms`: 16 KiB). */
  largeFields?: Readonly<Record<string, number>>;
}

/**
 * The two encodings tools use for writes: multipart/form-data (the web app, ioBroker) and
 * application/x-www-form-urlencoded (Home Assistant, IP-Symcon). Fields land on request.body as
 * strings. Registered inside the write routes' scope (not with fastify-plugin), so other route
 * groups keep their own parsers.
 */
export async function registerFormBodies(app: FastifyInstance, options: FormBodyOptions = {}) {
  // Room for the large fields beside the usual ones; urlencoded may triple a value (%22).
  const large = Object.values(options.largeFields ?? {}).reduce((sum, size) => sum + size, 0);
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
  await app.register(formbody, { bodyLimit: FORM_BODY_LIMIT + 3 * large });
  // JSON within the same bounds as urlencoded (escapes may triple a value as %-encoding does),
  // not the app's 64 KiB: a deeper or longer JSON body is refused before it is parsed.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT + 3 * large },
    app.getDefaultJsonParser('error', 'error'),
  );
  // Read while streaming, so an oversized body is refused at its first excess byte.
  acceptMultipartFields(app, {
    body: FORM_BODY_LIMIT + large,
    fields: 20,
    fieldSize: 1024,
    fieldNameSize: 100,
    fieldSizes: options.largeFields,
  });
}
