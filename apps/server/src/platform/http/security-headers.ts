import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';

/** 'sha256-…' sources for the inline scripts of the built index.html (none today; kept safe). */
export function inlineScriptHashes(indexHtml: string): string[] {
  const hashes: string[] = [];
  for (const match of indexHtml.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    const body = match[1] ?? '';
    if (body.trim() === '') continue;
    hashes.push(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
  }
  return hashes;
}

/** The origin pattern a device URL template lets the app connect to: `{device}` becomes `*`. */
export function templateSource(template: string | null): string | null {
  if (!template) return null;
  const url = new URL(template.replace('{device}', 'device-placeholder'));
  return `${url.protocol}//${url.host.replace('device-placeholder', '*')}`;
}

export function contentSecurityPolicy(options: {
  scriptHashes: string[];
  connectSources: string[];
}): string {
  return [
    "default-src 'self'",
    `script-src 'self'${options.scriptHashes.map((hash) => ` ${hash}`).join('')}`,
    // Radix positions popovers with inline style attributes; scripts stay strict.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    `connect-src 'self'${options.connectSources.map((source) => ` ${source}`).join('')}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * The policy of every answer that is not the app's: JSON, errors, redirects. Nothing such an
 * answer could ever load or be framed by (the OWASP advice for APIs): stricter than the app's
 * policy, and a fifth of its bytes on every poll, which every client parses.
 */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** The headers of every answer that is not the app's; also written by framework-errors.ts. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': API_CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
};

/** What an API answer carries after its own headers: the security headers and Cache-Control. */
export const API_ANSWER_HEADERS: Readonly<Record<string, string>> = {
  ...SECURITY_HEADERS,
  // Answers that need credentials (temps, /user, /api/…) are one user's: no shared cache may
  // keep them, and a browser asks again each time (with If-None-Match, so polls stay cheap
  // 304s). The app's own files set theirs (web-app.ts), before the hook below runs.
  'cache-control': 'private, no-cache',
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's own Content-Security-Policy, for its pages and assets (web-app plugin). */
    appContentSecurityPolicy: string;
  }
}

/** Security headers on every answer: the app's pages, its assets and the API. */
export default fp<{ webDist: string | null; deviceUrlTemplate: string | null }>(
  async (app, { webDist, deviceUrlTemplate }) => {
    const index = webDist ? path.join(webDist, 'index.html') : null;
    const scriptHashes =
      index && existsSync(index) ? inlineScriptHashes(readFileSync(index, 'utf8')) : [];
    const connect = templateSource(deviceUrlTemplate);
    app.decorate(
      'appContentSecurityPolicy',
      contentSecurityPolicy({ scriptHashes, connectSources: connect ? [connect] : [] }),
    );
    const headers = SECURITY_HEADERS;
    // A callback hook, not an async one: this runs on every answer, and a promise per answer
    // is measurable on the polled lists. The web-app plugin puts the app's policy over it.
    app.addHook('onSend', (_request, reply, payload, done) => {
      reply.headers(headers);
      // API_ANSWER_HEADERS' Cache-Control, unless the answer set its own (the app's files).
      if (!reply.hasHeader('cache-control') && !reply.raw.hasHeader('cache-control')) {
        reply.header('cache-control', API_ANSWER_HEADERS['cache-control']!);
      }
      done(null, payload);
    });
  },
  { name: 'security-headers' },
);
