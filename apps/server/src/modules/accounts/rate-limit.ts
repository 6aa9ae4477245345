import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../platform/http/error-handler.js';
import { messagesFor } from './messages.js';

/**
 * A fixed window per client address. It keeps reset mails from being used to flood an inbox and
 * slows down anyone trying addresses or tokens in bulk.
 */
export function rateLimit(options: { max: number; windowMs: number; now: () => number }) {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const now = options.now();
    if (windows.size > 10_000) {
      for (const [key, window] of windows) if (window.resetAt <= now) windows.delete(key);
    }
    let window = windows.get(request.ip);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + options.windowMs };
      windows.set(request.ip, window);
    }
    window.count += 1;
    if (window.count > options.max) {
      const seconds = Math.max(1, Math.ceil((window.resetAt - now) / 1000));
      reply.header('Retry-After', String(seconds));
      throw new HttpError(429, 'too_many_requests', messagesFor(request)('tooMany', { seconds }));
    }
  };
}
