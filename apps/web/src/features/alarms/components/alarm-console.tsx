import type { AcknowledgeAlarmsAnswer } from '@raumregler/contract';
import { useCallback, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { saveText } from '@/lib/download';
import { useNow } from '@/lib/use-now';
import type { Alarm } from '../api/alarm-types';
import { useAlarms } from '../hooks/use-alarms';
import { usePhone } from '@/lib/use-phone';
import { alarmsCsv } from '../utils/alarms-csv';
import {
  readConsoleFilters,
  writeConsoleFilters,
  type ConsoleFilters,
} from '../utils/console-filters';
import { sortHistory, sortOpen } from '../utils/sort';
import { AlarmCards } from './alarm-cards';
import { AlarmTable, type AlarmSelection } from './alarm-table';
import { AckResults } from './ack-results';
import { BulkAcknowledgeDialog } from './bulk-ack-dialog';
import { ConsoleFiltersForm, type FloorOption } from './console-filters';

/** What an acknowledge answered, with the alarms as they were when it was sent (for the names). */
interface Outcome {
  result: AcknowledgeAlarmsAnswer;
  alarms: ReadonlyMap<number, Alarm>;
}

/**
 * The alarm console (`/alarms`, issue 32): filters in the URL (state, kinds, floor, period), the
 * list as a table with a sticky header (cards on phones) drawn near the viewport only, select
 * many or every filtered one and acknowledge them with one note in one request, the outcome with
 * every failure and its reason, and the filtered list as CSV.
 */
export function AlarmConsole({
  mayManage,
  roomHref,
  floorLabel,
  floors,
}: {
  mayManage: boolean;
  roomHref: (roomId: number) => string;
  floorLabel: (name: string) => string;
  floors: readonly FloorOption[];
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const now = useNow();
  const phone = usePhone();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readConsoleFilters(params), [params]);
  const setFilters = useCallback(
    (next: ConsoleFilters) => setParams(writeConsoleFilters(next), { replace: true }),
    [setParams],
  );
  const query = useAlarms(filters.state, true, filters);
  // Active first (what needs someone), then acknowledged, then cleared; newest first in each.
  const alarms = useMemo(() => {
    const list = query.data ?? [];
    return [...sortOpen(list), ...sortHistory(list)];
  }, [query.data]);
  const activeIds = useMemo(
    () => alarms.filter((alarm) => alarm.state === 'active').map((alarm) => alarm.id),
    [alarms],
  );
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  // Only what the list shows and is still active counts: a filter or a refresh narrows it.
  const selected = useMemo(() => {
    const shown = new Set(activeIds);
    return new Set([...chosen].filter((id) => shown.has(id)));
  }, [chosen, activeIds]);
  const [acknowledging, setAcknowledging] = useState<readonly number[] | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const selection: AlarmSelection | null = useMemo(
    () =>
      mayManage
        ? {
            selected,
            selectable: activeIds.length,
            toggle: (id: number) =>
              setChosen((current) => {
                const next = new Set(current);
                if (next.has(id)) next.delete(id);
                else next.add(id);
                return next;
              }),
            setAll: (all: boolean) => setChosen(all ? new Set(activeIds) : new Set()),
          }
        : null,
    [mayManage, selected, activeIds],
  );

  const exportCsv = () => {
    const german = intl.locale.startsWith('de');
    saveText(alarmsCsv(intl, alarms, floorLabel), german ? 'alarme.csv' : 'alarms.csv');
  };

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
    body = <p className="text-slate-600 dark:text-slate-300">{t('alarms.console.empty')}</p>;
  else if (phone)
    body = (
      <AlarmCards
        alarms={alarms}
        roomHref={roomHref}
        floorLabel={floorLabel}
        now={now}
        selection={selection}
      />
    );
  else
    body = (
      <AlarmTable
        alarms={alarms}
        roomHref={roomHref}
        floorLabel={floorLabel}
        now={now}
        selection={selection}
      />
    );

  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold tracking-tight">{t('alarms.title')}</h1>
      <ConsoleFiltersForm
        filters={filters}
        floors={floors}
        floorLabel={floorLabel}
        onChange={setFilters}
      />
      {outcome && (
        <AckResults
          result={outcome.result}
          alarms={outcome.alarms}
          floorLabel={floorLabel}
          onDismiss={() => setOutcome(null)}
        />
      )}
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <p className="font-medium" aria-live="polite">
          {query.data
            ? intl.formatMessage(
                { id: 'alarms.console.count' },
                { count: alarms.length, shown: intl.formatNumber(alarms.length) },
              )
            : ''}
        </p>
        {selection && (
          <>
            <Button
              variant="secondary"
              size="sm"
              disabled={activeIds.length === 0}
              onClick={() => selection.setAll(selected.size < activeIds.length)}
            >
              {selected.size < activeIds.length || activeIds.length === 0
                ? intl.formatMessage(
                    { id: 'alarms.select.allFiltered' },
                    { count: activeIds.length, shown: intl.formatNumber(activeIds.length) },
                  )
                : t('alarms.select.none')}
            </Button>
            <span className="text-sm text-slate-600 dark:text-slate-300" aria-live="polite">
              {intl.formatMessage(
                { id: 'alarms.select.count' },
                { count: selected.size, shown: intl.formatNumber(selected.size) },
              )}
            </span>
            <Button
              size="sm"
              disabled={selected.size === 0}
              onClick={() => setAcknowledging([...selected])}
            >
              {t('alarms.bulk.open')}
            </Button>
          </>
        )}
        <Button
          variant="secondary"
          size="sm"
          className="sm:ml-auto"
          disabled={alarms.length === 0}
          onClick={exportCsv}
        >
          {t('alarms.csv.export')}
        </Button>
      </div>
      {body}
      {acknowledging && (
        <BulkAcknowledgeDialog
          ids={acknowledging}
          onClose={() => setAcknowledging(null)}
          onDone={(result) => {
            setOutcome({ result, alarms: new Map(alarms.map((alarm) => [alarm.id, alarm])) });
            setChosen(new Set());
          }}
        />
      )}
    </div>
  );
}
