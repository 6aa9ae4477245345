import { useIntl } from 'react-intl';
import { BELOW_TARGET_MARGIN_K, type HistorySummary } from '../utils/summary';

/**
 * The text alternative beside the chart: lowest, mean, highest, the time below target, and the
 * mean valve opening where the history knows it.
 */
export function HistorySummaryList({
  summary,
  rangeLabel,
}: {
  summary: HistorySummary;
  rangeLabel: string;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const temperature = (value: number | null) =>
    value === null
      ? '–'
      : `${intl.formatNumber(value, { minimumFractionDigits: 1, maximumFractionDigits: 1 })} °C`;
  const minutes = Math.round(summary.belowSeconds / 60);
  const share =
    summary.measuredSeconds > 0
      ? intl.formatNumber(summary.belowSeconds / summary.measuredSeconds, {
          style: 'percent',
          maximumFractionDigits: 0,
        })
      : '–';
  const rows: [string, string][] = [
    [t('history.summary.min'), temperature(summary.min)],
    [t('history.summary.mean'), temperature(summary.mean)],
    [t('history.summary.max'), temperature(summary.max)],
    [
      t('history.summary.below', {
        margin: `${intl.formatNumber(BELOW_TARGET_MARGIN_K, { minimumFractionDigits: 1 })} K`,
      }),
      t('history.summary.belowValue', {
        duration: t('history.duration', {
          hours: intl.formatNumber(Math.floor(minutes / 60)),
          minutes: intl.formatNumber(minutes % 60),
        }),
        share,
      }),
    ],
  ];
  if (summary.valveMean !== null) {
    rows.push([
      t('history.summary.valve'),
      t('history.valueValve', {
        value: intl.formatNumber(summary.valveMean, { maximumFractionDigits: 0 }),
      }),
    ]);
  }
  return (
    <section aria-labelledby="history-summary-title" className="flex flex-col gap-2">
      <h3 id="history-summary-title" className="text-sm font-semibold">
        {t('history.summary.title', { range: rangeLabel })}
      </h3>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-slate-600 dark:text-slate-400">{term}</dt>
            <dd className="text-right font-medium whitespace-nowrap tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
