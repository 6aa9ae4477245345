import { AxiosError } from 'axios';

/** What every failed call rejects with (spec section 8). */
export interface ApiError extends Error {
  networkError?: boolean;
  timeout?: boolean;
  status?: number;
  messages?: Record<string, string[]>;
  data?: unknown;
  [key: string]: unknown;
}

function createError(message: string, extra: Record<string, unknown> = {}): ApiError {
  return Object.assign(new Error(message), extra) as ApiError;
}

/** Turns whatever axios threw into the app's one error shape. */
export function normalizeApiError(error: unknown): ApiError {
  try {
    if (error instanceof AxiosError) {
      if (error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT') {
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
