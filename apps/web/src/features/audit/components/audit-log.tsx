import { AUDIT_LIMIT_DEFAULT, AUDIT_LIMIT_MAX, type AuditEntry } from '@raumregler/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { notify } from '@/components/ui/toast';
import { auditPagesQueryOptions, downloadAuditCsv } from '../api/get-audit';
import { useAuditFilters } from '../hooks/use-audit-filters';
import { hasFilters } from '../utils/filters';
import { auditSentence, formatAuditTime } from '../utils/sentence';
import { AuditFiltersForm, type AuditRoomOption } from './audit-filters-form';

const sourceOf = (intl: IntlShape, source: string) =>
  ['app', 'api', 'cli', 'system', 'device', 'homeassistant'].includes(source)
    ? intl.formatMessage({ id: `audit.source.${source}` })
    : source;

function RoomCell({ entry }: { entry: AuditEntry }) {
  const intl = useIntl();
  if (!entry.room_name) return <>{intl.formatMessage({ id: 'audit.table.noRoom' })}</>;
  return (
    <>
      <span className="block">{entry.room_name}</span>
      {entry.floor && (
        <span className="block text-xs text-slate-600 dark:text-slate-400">{entry.floor}</span>
      )}
    </>
  );
}

/**
 * The Protokoll page's content: filters in the URL, the newest entries as a table (a list on
 * phones), and the same selection as CSV.
 */
export function AuditLog({ rooms }: { rooms: AuditRoomOption[] }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const [filters, setFilters] = useAuditFilters();
  const audit = useInfiniteQuery(auditPagesQueryOptions(filters));
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      await downloadAuditCsv(filters);
    } catch {
      void notify('error', t('audit.csvFailed'));
    } finally {
      setDownloading(false);
    }
  };
  const limit = intl.formatNumber(AUDIT_LIMIT_DEFAULT);

  function results() {
    if (audit.isPending)
      return (
        <div className="grid h-40 place-items-center">
          <Spinner label={t('audit.loading')} className="text-teal-700 dark:text-teal-400" />
        </div>
      );
    // A failed "Ältere laden" keeps the pages shown; only a first page that failed replaces them.
    if (!audit.data)
      return (
        <Alert variant="danger">
          <p>{t('audit.failed')}</p>
          <Button
            variant="secondary"
            size="sm"
            className="mt-2"
            onClick={() => void audit.refetch()}
          >
            {t('audit.retry')}
          </Button>
        </Alert>
      );
    const entries = audit.data.pages.flatMap((page) => page.entries);
    if (entries.length === 0)
      return (
        <Alert variant="info">{t(hasFilters(filters) ? 'audit.empty' : 'audit.emptyLog')}</Alert>
      );
    return (
      <>
        <table className="hidden w-full border-collapse text-left text-sm sm:table">
          <caption className="sr-only">{t('audit.table.caption')}</caption>
          {/* The headings stay below the app's header while a long log scrolls by. */}
          <thead className="sticky top-(--below-header) bg-white shadow-[inset_0_-1px_0] shadow-slate-200 dark:bg-slate-900 dark:shadow-slate-700">
            <tr className="text-slate-600 dark:text-slate-300">
              <th scope="col" className="py-2 pr-4 font-medium">
                {t('audit.table.time')}
              </th>
              <th scope="col" className="py-2 pr-4 font-medium">
                {t('audit.table.room')}
              </th>
              <th scope="col" className="py-2 pr-4 font-medium">
                {t('audit.table.change')}
              </th>
              <th scope="col" className="py-2 font-medium">
                {t('audit.table.source')}
              </th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr
                key={entry.id}
                className="border-b border-slate-100 align-top last:border-0 dark:border-slate-800"
              >
                <td className="py-2 pr-4 whitespace-nowrap tabular-nums">
                  <time dateTime={entry.time}>{formatAuditTime(intl, entry.time)}</time>
                </td>
                <td className="py-2 pr-4">
                  <RoomCell entry={entry} />
                </td>
                <td className="py-2 pr-4">{auditSentence(intl, entry)}</td>
                <td className="py-2">{sourceOf(intl, entry.source)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <ol className="flex flex-col divide-y divide-slate-200 sm:hidden dark:divide-slate-800">
          {entries.map((entry) => (
            <li key={entry.id} className="flex flex-col gap-1 py-3 text-sm">
              <span className="flex justify-between gap-2 text-xs text-slate-600 dark:text-slate-400">
                <time dateTime={entry.time} className="tabular-nums">
                  {formatAuditTime(intl, entry.time)}
                </time>
                <span>{sourceOf(intl, entry.source)}</span>
              </span>
              <span>{auditSentence(intl, entry)}</span>
              {entry.room_name && (
                <span className="text-xs text-slate-600 dark:text-slate-400">
                  {entry.floor ? `${entry.room_name} · ${entry.floor}` : entry.room_name}
                </span>
              )}
            </li>
          ))}
        </ol>
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
            {t('audit.shown', { count: intl.formatNumber(entries.length) })}
          </p>
          {audit.hasNextPage && (
            <Button
              variant="secondary"
              disabled={audit.isFetchingNextPage}
              onClick={() => void audit.fetchNextPage()}
            >
              {audit.isFetchingNextPage ? t('audit.loadingOlder') : t('audit.older')}
            </Button>
          )}
          {audit.isFetchNextPageError && (
            <p role="alert" className="text-sm text-red-700 dark:text-red-300">
              {t('audit.olderFailed')}
            </p>
          )}
        </div>
      </>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold sm:text-3xl">{t('audit.page.title')}</h1>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            {t('audit.page.intro', { limit, max: intl.formatNumber(AUDIT_LIMIT_MAX) })}
          </p>
        </div>
        <Button variant="secondary" disabled={downloading} onClick={() => void download()}>
          <Download className="size-4" aria-hidden="true" />
          {t('audit.csv')}
        </Button>
      </div>
      <Card className="p-4 sm:p-5">
        <AuditFiltersForm filters={filters} rooms={rooms} onApply={setFilters} />
      </Card>
      <Card className="flex flex-col gap-3 p-4 sm:p-5">{results()}</Card>
    </div>
  );
}
