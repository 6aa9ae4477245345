import { TOKEN_NAME_MAX } from '@raumregler/contract';
import type { IntlShape } from 'react-intl';
import type { ApiError } from '@/lib/api-error';
import { errorReason } from '@/lib/error-reason';

/** The longest name the server takes (issue 35: 1–100 characters). */
export const NAME_MAX = TOKEN_NAME_MAX;

export type TokenField = 'name' | 'access' | 'expires';

/** The form's own checks, as message ids per field (the server checks the same again). */
export function tokenFormProblems(
  form: { name: string; expires: string },
  today: string,
): Partial<Record<TokenField, string>> {
  const problems: Partial<Record<TokenField, string>> = {};
  const name = form.name.trim();
  if (name === '') problems.name = 'integrations.form.error.nameRequired';
  else if (name.length > NAME_MAX) problems.name = 'integrations.form.error.nameMax';
  if (form.expires) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(form.expires))
      problems.expires = 'integrations.form.error.expiresFormat';
    else if (form.expires < today) problems.expires = 'integrations.form.error.expiresPast';
  }
  return problems;
}

/** The server's messages for one field (`messages` holds a list or a text per field). */
export function fieldMessages(error: unknown, field: string): string | undefined {
  const messages = ((error as ApiError | null)?.messages ?? {}) as Record<string, unknown>;
  const value = messages[field];
  const texts = (Array.isArray(value) ? value : value ? [value] : []).map(String);
  return texts.length > 0 ? texts.join(' ') : undefined;
}

/** Whether the server's refusal names one of the form's fields (then it is said there). */
export const hasFieldMessages = (error: unknown) =>
  (['name', 'access', 'expires'] as const).some((field) => fieldMessages(error, field));

/**
 * Why a request of the tokens section failed, said as the app says failures, except a 404: for
 * a token, that it is gone (revoked meanwhile); for the list and a new token, that this server
 * has no tokens (the app's general 404 words speak of a room).
 */
export function tokenProblem(intl: IntlShape, error: unknown, about: 'token' | 'tokens'): string {
  const { status, error: code } = (error ?? {}) as ApiError;
  if (status === 404 || code === 'not_found')
    return intl.formatMessage({
      id: about === 'token' ? 'integrations.error.gone' : 'integrations.error.noApi',
    });
  return errorReason(intl, error) ?? intl.formatMessage({ id: 'integrations.error.unknown' });
}
