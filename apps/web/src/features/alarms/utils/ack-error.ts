import type { IntlShape } from 'react-intl';
import type { ApiError } from '@/lib/api-error';
import { errorReason } from '@/lib/error-reason';

/**
 * Why an acknowledge failed, in words: cleared meanwhile (409), not allowed (403), gone (404),
 * bad input (400, the server's reason), else the general failure with its reason.
 */
export function acknowledgeFailure(intl: IntlShape, error: unknown): string {
  const status = (error as ApiError | null)?.status;
  const t = (id: string) => intl.formatMessage({ id });
  if (status === 409) return t('alarms.ack.error.cleared');
  if (status === 403) return t('alarms.ack.error.forbidden');
  if (status === 404) return t('alarms.ack.error.notFound');
  const reason = errorReason(intl, error);
  return reason ? `${t('alarms.ack.error.failed')} ${reason}` : t('alarms.ack.error.failed');
}
