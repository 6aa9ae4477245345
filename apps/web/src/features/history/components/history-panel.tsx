import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { Component, lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { notify } from '@/components/ui/toast';
import type { ApiError } from '@/lib/api-error';
import { downloadHistoryCsv, historyQueryOptions } from '../api/get-history';
import { HISTORY_RANGES, type HistoryRange } from '../types';
import { chartColumns, hasValves, summarize } from '../utils/summary';
import { HistorySummaryList } from './history-summary';

// uPlot and its CSS: their own chunk, asked for by history-section.tsx together with this one.
const HistoryChart = lazy(() => import('./history-chart'));

/** A chart chunk that cannot load leaves the text alternative standing, not an error page. */
class ChartBoundary extends Component<{ fallback: ReactNode; children: ReactNode }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/**
 * "Verlauf" on the room page: the chart over 24 h, 7 or 30 days, its text alternative and the
 * CSV download. Loaded by history-section.tsx once the section comes near the screen.
 */
export default function HistoryPanel({ roomId, roomName }: { roomId: number; roomName: string }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const [range, setRange] = useState<HistoryRange>('24h');
  const [downloading, setDownloading] = useState(false);
  const [showValve, setShowValve] = useState(true);
  const history = useQuery(historyQueryOptions(roomId, range));
  const samples = history.data?.samples;
  const columns = useMemo(() => (samples ? chartColumns(samples) : null), [samples]);
  const summary = useMemo(
    () => (samples ? summarize(samples, history.data?.step_seconds ?? 0) : null),
    [samples, history.data?.step_seconds],
  );
  const rangeLabel = t(`history.range.${range}`);
  const labels = useMemo(
    () => ({
      chart: intl.formatMessage(
        { id: 'history.chart.label' },
        { room: roomName, range: rangeLabel },
      ),
      temperature: intl.formatMessage({ id: 'history.series.temperature' }),
      target: intl.formatMessage({ id: 'history.series.target' }),
      valve: intl.formatMessage({ id: 'history.series.valve' }),
    }),
    [intl, roomName, rangeLabel],
  );

  const download = async () => {
    setDownloading(true);
    try {
      await downloadHistoryCsv(roomId, range);
    } catch {
      void notify('error', t('history.csvFailed'));
    } finally {
      setDownloading(false);
    }
  };

  const error = history.error as ApiError | null;
  const status = error?.status === 403 ? 'forbidden' : null;
  function body() {
    if (history.isPending)
      return (
        <div className="grid h-56 place-items-center">
          <Spinner label={t('history.loading')} className="text-teal-700 dark:text-teal-400" />
        </div>
      );
    if (history.isError)
      return (
        <Alert variant="danger" className="flex-wrap">
          <p>{t(status === 'forbidden' ? 'history.notAllowed' : 'history.failed')}</p>
          {status !== 'forbidden' && (
            <Button
              variant="secondary"
              size="sm"
              className="mt-2"
              onClick={() => void history.refetch()}
            >
              {t('history.retry')}
            </Button>
          )}
        </Alert>
      );
    if (!columns || !summary || columns[0].length === 0)
      return <Alert variant="info">{t('history.empty')}</Alert>;
    const valves = hasValves(columns);
    return (
      <div className="grid gap-4 md:grid-cols-[minmax(0,1fr)_15rem]">
        <div className="flex min-w-0 flex-col gap-2">
          {summary.mean === null && <Alert variant="warning">{t('history.noReadings')}</Alert>}
          <ChartBoundary fallback={<Alert variant="warning">{t('history.chartFailed')}</Alert>}>
            <Suspense
              fallback={
                <div className="grid h-56 place-items-center">
                  <Spinner
                    label={t('history.loading')}
                    className="text-teal-700 dark:text-teal-400"
                  />
                </div>
              }
            >
              <HistoryChart
                columns={columns}
                range={range}
                labels={labels}
                showValve={valves && showValve}
              />
            </Suspense>
          </ChartBoundary>
          <ul className="flex flex-wrap gap-4 text-xs text-slate-600 dark:text-slate-300">
            <li className="flex items-center gap-1.5">
              <span aria-hidden="true" className="h-0.5 w-5 bg-teal-700 dark:bg-teal-400" />
              {labels.temperature}
            </li>
            <li className="flex items-center gap-1.5">
              <span
                aria-hidden="true"
                className="h-0 w-5 border-t-2 border-dashed border-orange-700 dark:border-orange-400"
              />
              {labels.target}
            </li>
            {valves && (
              <li>
                <label className="flex cursor-pointer items-center gap-1.5">
                  <input
                    type="checkbox"
                    className="size-4 accent-violet-600"
                    checked={showValve}
                    onChange={(event) => setShowValve(event.target.checked)}
                  />
                  <span
                    aria-hidden="true"
                    className="h-2.5 w-5 border-t border-violet-600 bg-violet-600/15 dark:border-violet-400 dark:bg-violet-400/20"
                  />
                  {labels.valve}
                </label>
              </li>
            )}
          </ul>
        </div>
        <HistorySummaryList summary={summary} rangeLabel={rangeLabel} />
      </div>
    );
  }
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="history-title" className="text-lg font-semibold">
          {t('history.title')}
        </h2>
        <div className="flex flex-wrap items-center gap-2">
          <div
            role="group"
            aria-label={t('history.range.label')}
            className="inline-flex rounded-lg border border-slate-300 p-0.5 dark:border-slate-600"
          >
            {HISTORY_RANGES.map((value) => (
              <button
                key={value}
                type="button"
                aria-pressed={range === value}
                onClick={() => setRange(value)}
                className="h-8 rounded-md px-3 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-primary aria-pressed:bg-primary aria-pressed:text-white dark:text-slate-200 dark:hover:bg-slate-800 dark:aria-pressed:bg-teal-600 dark:aria-pressed:text-slate-950"
              >
                {t(`history.range.${value}`)}
              </button>
            ))}
          </div>
          <Button
            variant="secondary"
            size="sm"
            disabled={downloading}
            onClick={() => void download()}
          >
            <Download className="size-4" aria-hidden="true" />
            {t('history.csv')}
          </Button>
        </div>
      </div>
      {body()}
    </>
  );
}
