import type { AcknowledgeAlarmsAnswer } from '@raumregler/contract';
import { useIntl } from 'react-intl';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import type { Alarm } from '../api/alarm-types';
import { alarmTitle } from '../utils/format';

/**
 * What a bulk acknowledge did: how many were acknowledged, and each one that was not, by room,
 * kind and reason (cleared meanwhile, gone, not allowed).
 */
export function AckResults({
  result,
  alarms,
  floorLabel,
  onDismiss,
}: {
  result: AcknowledgeAlarmsAnswer;
  alarms: ReadonlyMap<number, Alarm>;
  floorLabel: (name: string) => string;
  onDismiss: () => void;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const done = result.acknowledged.length;
  const failed = result.failed.length;
  return (
    <Alert variant={failed > 0 ? 'warning' : 'success'}>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <p className="font-medium">
          {intl.formatMessage(
            { id: 'alarms.bulk.done' },
            { count: done, shown: intl.formatNumber(done) },
          )}
        </p>
        {failed > 0 && (
          <>
            <p>
              {intl.formatMessage(
                { id: 'alarms.bulk.failed' },
                { count: failed, shown: intl.formatNumber(failed) },
              )}
            </p>
            <ul className="list-disc pl-5" aria-label={t('alarms.bulk.failedList')}>
              {result.failed.map((failure) => {
                const alarm = alarms.get(failure.id);
                const reasonId = `alarms.bulk.reason.${failure.error}`;
                return (
                  <li key={failure.id}>
                    {intl.formatMessage(
                      { id: 'alarms.bulk.failure' },
                      {
                        alarm: alarm
                          ? `${alarm.room_name ?? '–'} (${floorLabel(alarm.floor ?? '')}), ${alarmTitle(intl, alarm)}`
                          : `#${failure.id}`,
                        reason: intl.messages[reasonId] ? t(reasonId) : failure.error,
                      },
                    )}
                  </li>
                );
              })}
            </ul>
          </>
        )}
        <div>
          <Button variant="secondary" size="sm" onClick={onDismiss}>
            {t('alarms.bulk.dismiss')}
          </Button>
        </div>
      </div>
    </Alert>
  );
}
