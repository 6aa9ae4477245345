import { useCallback, useId, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import type { Alarm } from '../api/alarm-types';
import { useAlarms } from '../hooks/use-alarms';
import { useNow } from '@/lib/use-now';
import { formatAlarmTime } from '../utils/alarm-time';
import { kindLabel } from '../utils/format';
import { sortHistory, sortOpen } from '../utils/sort';
import { AcknowledgeDialog } from './acknowledge-dialog';
import { AlarmItem } from './alarm-item';

interface ListProps {
  roomHref: (roomId: number) => string;
  floorLabel: (name: string) => string;
  now: Date;
  onAcknowledge: ((alarm: Alarm) => void) | null;
}

/** One section's list with its loading, failed and empty states. */
function AlarmSection({
  title,
  empty,
  query,
  alarms,
  ...list
}: ListProps & {
  title: string;
  empty: string;
  query: { isPending: boolean; isError: boolean; refetch: () => unknown };
  alarms: Alarm[];
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const headingId = useId();
  let body;
  if (query.isPending)
    body = (
      <div className="flex justify-center py-8">
        <Spinner label={t('alarms.loading')} className="text-primary" />
      </div>
    );
  else if (query.isError)
    body = (
      <Alert variant="danger" className="items-center">
        <div className="flex flex-col items-start gap-2">
          {t('alarms.loadFailed')}
          <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
            {t('alarms.retry')}
          </Button>
        </div>
      </Alert>
    );
  else if (alarms.length === 0)
    body = <p className="text-slate-600 dark:text-slate-300">{empty}</p>;
  else
    body = (
      <ul className="flex flex-col gap-3" aria-label={title}>
        {alarms.map((alarm) => (
          <AlarmItem key={alarm.id} alarm={alarm} {...list} />
        ))}
      </ul>
    );
  return (
    <section className="flex flex-col gap-3" aria-labelledby={headingId}>
      <h2 id={headingId} className="text-lg font-semibold">
        {title}
      </h2>
      {body}
    </section>
  );
}

/**
 * The alarm page: open alarms first (active before acknowledged, newest first), then the
 * history of the last 30 days. Managers acknowledge with an optional note.
 */
export function AlarmsView({
  mayManage,
  roomHref,
  floorLabel,
}: {
  mayManage: boolean;
  roomHref: (roomId: number) => string;
  floorLabel: (name: string) => string;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const now = useNow();
  const open = useAlarms('open');
  const all = useAlarms('all');
  const [acknowledging, setAcknowledging] = useState<Alarm | null>(null);
  const openAlarms = useMemo(() => sortOpen(open.data ?? []), [open.data]);
  const history = useMemo(() => sortHistory(all.data ?? []), [all.data]);
  const onAcknowledge = useCallback((alarm: Alarm) => setAcknowledging(alarm), []);
  const list = { roomHref, floorLabel, now };
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold tracking-tight">{t('alarms.title')}</h1>
      <AlarmSection
        {...list}
        title={t('alarms.open.title')}
        empty={t('alarms.open.empty')}
        query={open}
        alarms={openAlarms}
        onAcknowledge={mayManage ? onAcknowledge : null}
      />
      <AlarmSection
        {...list}
        title={t('alarms.history.title')}
        empty={t('alarms.history.empty')}
        query={all}
        alarms={history}
        onAcknowledge={null}
      />
      {acknowledging && (
        <AcknowledgeDialog
          alarm={acknowledging}
          summary={intl.formatMessage(
            {
              id: acknowledging.floor === null ? 'alarms.ack.summaryNoRoom' : 'alarms.ack.summary',
            },
            {
              room: acknowledging.room_name,
              floor: acknowledging.floor === null ? '' : floorLabel(acknowledging.floor),
              kind: kindLabel(intl, acknowledging.kind),
              since: formatAlarmTime(intl, acknowledging.since, now),
            },
          )}
          onClose={() => setAcknowledging(null)}
        />
      )}
    </div>
  );
}
