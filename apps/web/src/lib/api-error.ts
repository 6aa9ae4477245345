/** What every failed call rejects with (spec section 8). */
export interface ApiError extends Error {
  networkError?: boolean;
  timeout?: boolean;
  status?: number;
  messages?: Record<string, string[]>;
  data?: unknown;
  [key: string]: unknown;
}

/** What the HTTP client throws before normalising: timeout, no answer, or a non-2xx answer. */
export class HttpError extends Error {
  constructor(
    message: string,
    readonly code: 'timeout' | 'network' | 'status',
    readonly response?: { status: number; data: unknown },
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

function createError(message: string, extra: Record<string, unknown> = {}): ApiError {
  return Object.assign(new Error(message), extra) as ApiError;
}

/** Turns whatever the HTTP client threw into the app's one error shape. */
export function normalizeApiError(error: unknown): ApiError {
  try {
    if (error instanceof HttpError) {
      if (error.code === 'timeout') {
        return createError('Timeout Error', { timeout: true });
      }
      if (!error.response) {
        return createError('Network Error', { networkError: true });
      }
      const { status, data } = error.response;
      const body =
        data !== null && typeof data === 'object' ? (data as Record<string, unknown>) : {};
      const message =
        typeof body.message === 'string' && body.message !== ''
          ? body.message
          : 'An error occurred.';
      return createError(message, {
        ...body,
        message,
        messages: body.messages,
        data,
        status,
      });
    }
    if (error instanceof Error) return error as ApiError;
    return createError('An error occurred.');
  } catch {
    return createError('An error occurred during error handling.');
  }
}
