import type { ApiError } from '@/lib/api-error';

/**
 * What a failed reset call tells the user: the server's own message when the server answered
 * with one, otherwise the fallback (network down, timeout, a body without a message).
 */
export function failureMessage(error: unknown, fallback: string): string {
  if (!(error instanceof Error)) return fallback;
  const { status, message } = error as ApiError;
  if (typeof status !== 'number' || !message || message === 'An error occurred.') return fallback;
  return message;
}
