import type { Readable } from 'node:stream';
import { Busboy, type BusboyInstance } from '@fastify/busboy';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './error-handler.js';

export interface MultipartLimits {
  /** Bytes of the whole body, counted as they arrive (after any Content-Encoding is undone). */
  body: number;
  /** Number of fields; every further part is refused, not skipped. */
  fields: number;
  /** Bytes of one field's value. */
  fieldSize: number;
  /** Characters of one field's name. */
  fieldNameSize: number;
  /** Bytes of the named fields' values, where a route allows more than `fieldSize`. */
  fieldSizes?: Readonly<Record<string, number>>;
}

/** The size one field's value may have. */
const sizeLimit = (limits: MultipartLimits, name: string) =>
  (limits.fieldSizes && Object.hasOwn(limits.fieldSizes, name) && limits.fieldSizes[name]) ||
  limits.fieldSize;

export type MultipartFields = Record<string, string>;

const tooLarge = (message: string) => new HttpError(413, 'payload_too_large', message);
// Fixed words: a refusal names no field the client chose (issue 31), so it echoes nothing.
const FIELD_TOO_LONG = 'A field is too long.';
const malformed = () => new HttpError(400, 'bad_request', 'The multipart body is malformed.');

/**
 * Reads the text fields of a multipart body while it streams in and stops at the first limit it
 * breaks: the rest of the body is never read (Fastify answers a parser error with
 * `Connection: close`), so a 20 MB upload costs the server one socket buffer, not 20 MB.
 * The API takes no files: a file part is refused at its header.
 */
export function readMultipartFields(
  headers: Record<string, string | string[] | undefined>,
  payload: Readable,
  limits: MultipartLimits,
): Promise<MultipartFields> {
  return new Promise((resolve, reject) => {
    const declared = Number(headers['content-length']);
    if (declared > limits.body) {
      reject(tooLarge(`The body is larger than ${limits.body} bytes.`));
      return;
    }
    const fields: MultipartFields = Object.create(null) as MultipartFields;
    let received = 0;
    let settled = false;
    let parser: BusboyInstance;

    const stop = () => {
      payload.off('data', onData);
      payload.off('end', onEnd);
      payload.off('error', onPayloadError);
      payload.pause();
      parser.removeAllListeners();
      // Late callbacks of a parser we abandoned must not throw into the process.
      parser.on('error', () => undefined);
    };
    const fail = (error: HttpError) => {
      if (settled) return;
      settled = true;
      stop();
      reject(error);
    };
    function onData(chunk: Buffer) {
      received += chunk.length;
      if (received > limits.body) {
        fail(tooLarge(`The body is larger than ${limits.body} bytes.`));
        return;
      }
      if (!parser.write(chunk)) {
        payload.pause();
        parser.once('drain', () => {
          if (!settled) payload.resume();
        });
      }
    }
    function onEnd() {
      parser.end();
    }
    function onPayloadError(error: unknown) {
      const status = (error as { statusCode?: unknown }).statusCode;
      // A broken gzip body or a client that went away: the body is unusable, not our fault.
      fail(
        typeof status === 'number' && status >= 400 && status < 500
          ? new HttpError(
              status,
              status === 413 ? 'payload_too_large' : 'bad_request',
              'The body could not be read.',
            )
          : malformed(),
      );
    }

    try {
      parser = Busboy({
        headers: { ...headers, 'content-type': String(headers['content-type'] ?? '') },
        limits: {
          fields: limits.fields,
          fieldSize: Math.max(limits.fieldSize, ...Object.values(limits.fieldSizes ?? {})),
          files: 0,
          parts: limits.fields,
        },
      });
    } catch {
      // No boundary, or not multipart after all.
      reject(malformed());
      return;
    }
    parser.on('field', (name, value, nameTruncated, valueTruncated) => {
      if (settled) return;
      if (nameTruncated || name.length > limits.fieldNameSize) {
        fail(tooLarge('A field name is too long.'));
      } else if (valueTruncated || Buffer.byteLength(value) > sizeLimit(limits, name)) {
        // busboy cuts long values silently; a cut setpoint must not pass as a shorter one.
        fail(tooLarge(FIELD_TOO_LONG));
      } else if (name in Object.prototype) {
        fail(new HttpError(400, 'bad_request', 'A field has a name that is not allowed.'));
      } else {
        // A repeated field: its last value counts, in every body type (limitFormFields).
        fields[name] = value;
      }
    });
    parser.on('filesLimit', () => fail(tooLarge('Files are not accepted.')));
    parser.on('fieldsLimit', () => fail(tooLarge(`More than ${limits.fields} fields.`)));
    parser.on('partsLimit', () => fail(tooLarge(`More than ${limits.fields} parts.`)));
    parser.on('error', () => {
      // An empty body is an empty form (no fields), as a bodyless urlencoded write is.
      if (received === 0) {
        if (!settled) {
          settled = true;
          stop();
          resolve(fields);
        }
        return;
      }
      fail(malformed());
    });
    parser.on('finish', () => {
      if (settled) return;
      settled = true;
      stop();
      resolve(fields);
    });
    payload.on('data', onData);
    payload.on('end', onEnd);
    payload.on('error', onPayloadError);
    // A decoded body (Content-Encoding, @fastify/compress) arrives paused, and a 'data'
    // listener does not start a stream paused on purpose: without this it waited forever.
    payload.resume();
  });
}

/** Registers the streaming multipart reader as this scope's `multipart/form-data` parser. */
export function acceptMultipartFields(app: FastifyInstance, limits: MultipartLimits) {
  app.addContentTypeParser(
    'multipart/form-data',
    (request: FastifyRequest, payload: Readable): Promise<MultipartFields> =>
      readMultipartFields(request.headers, payload, limits),
  );
  limitFormFields(app, limits);
}

/**
 * The bytes of `value`'s JSON text, counted without recursion and only as far as `limit`: a
 * JSON body may nest arrays thousands deep (`[[[…]]]`, 8 KB for 4,000 levels), which overflows
 * the stack of anything recursive (JSON.stringify, String()). Past `limit` the count stops and
 * the result is some number above it; the value came from JSON.parse, so it has no cycles.
 */
export function jsonSize(value: unknown, limit: number): number {
  let size = 0;
  const pending: unknown[] = [value];
  while (pending.length > 0 && size <= limit) {
    const next = pending.pop();
    if (typeof next === 'string') {
      size += Buffer.byteLength(next) + 2;
    } else if (Array.isArray(next)) {
      // Brackets and the commas between the items.
      size += 1 + Math.max(next.length, 1);
      for (const item of next) pending.push(item);
    } else if (next !== null && typeof next === 'object') {
      const entries = Object.entries(next);
      size += 1 + Math.max(entries.length, 1);
      for (const [key, item] of entries) {
        // The key's quotes and its colon.
        size += Buffer.byteLength(key) + 3;
        pending.push(item);
      }
    } else {
      size += String(next).length;
    }
  }
  return size;
}

/**
 * The same form rules for urlencoded and JSON bodies as the multipart reader keeps while it
 * streams: at most `fields` fields, names and values within their sizes (413), and a repeated
 * urlencoded field counts with its last value, as a repeated multipart field and a repeated
 * JSON key do. Runs once the body is parsed, before sign-in and the route. A value that is no
 * string (a JSON body's array or object) is measured by its JSON text, without recursion.
 */
function limitFormFields(app: FastifyInstance, limits: MultipartLimits) {
  app.addHook('preValidation', (request, _reply, done) => {
    const body = request.body;
    if (body === null || typeof body !== 'object' || Array.isArray(body)) return done();
    const type = request.headers['content-type'] ?? '';
    if (type.startsWith('multipart/')) return done();
    const record = body as Record<string, unknown>;
    const names = Object.keys(record);
    if (names.length > limits.fields) return done(tooLarge(`More than ${limits.fields} fields.`));
    const urlencoded = /^application\/x-www-form-urlencoded/i.test(type);
    for (const name of names) {
      if (name.length > limits.fieldNameSize) return done(tooLarge('A field name is too long.'));
      let value = record[name];
      if (urlencoded && Array.isArray(value)) {
        if (value.length > limits.fields) {
          return done(tooLarge(`More than ${limits.fields} fields.`));
        }
        value = record[name] = value.at(-1);
      }
      const limit = sizeLimit(limits, name);
      const size =
        typeof value === 'string'
          ? Buffer.byteLength(value)
          : value !== null && typeof value === 'object'
            ? jsonSize(value, limit)
            : 0;
      if (size > limit) return done(tooLarge(FIELD_TOO_LONG));
    }
    done();
  });
}
