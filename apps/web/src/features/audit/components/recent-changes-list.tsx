import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { auditQueryOptions } from '../api/get-audit';
import { NO_FILTERS, writeAuditFilters } from '../utils/filters';
import { auditSentence, formatAuditTime } from '../utils/sentence';

export const RECENT_LIMIT = 5;

/**
 * The room's last five audit entries as sentences. `version` changes whenever the room's data
 * arrives anew (a change made here or elsewhere), and the list asks again then.
 */
export default function RecentChangesList({
  roomId,
  version,
}: {
  roomId: number;
  version: number;
}) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const filters = useMemo(() => ({ ...NO_FILTERS, room: roomId }), [roomId]);
  const options = auditQueryOptions(filters, RECENT_LIMIT);
  const audit = useQuery(options);
  const seen = useRef(version);
  useEffect(() => {
    if (seen.current === version) return;
    seen.current = version;
    void queryClient.invalidateQueries({ queryKey: options.queryKey, exact: true });
    // Only a new version asks again; the key is the same for the same room.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [version, queryClient]);

  if (audit.isPending)
    return (
      <Spinner
        label={intl.formatMessage({ id: 'audit.loading' })}
        className="text-teal-700 dark:text-teal-400"
      />
    );
  if (audit.isError)
    return (
      <Alert variant="danger">
        <p>{intl.formatMessage({ id: 'audit.failed' })}</p>
        <Button variant="secondary" size="sm" className="mt-2" onClick={() => void audit.refetch()}>
          {intl.formatMessage({ id: 'audit.retry' })}
        </Button>
      </Alert>
    );
  const entries = audit.data.entries;
  return (
    <>
      {entries.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {intl.formatMessage({ id: 'audit.recent.empty' })}
        </p>
      ) : (
        <ol className="flex flex-col divide-y divide-slate-200 dark:divide-slate-800">
          {entries.map((entry) => (
            <li key={entry.id} className="flex flex-col gap-0.5 py-2 text-sm sm:flex-row sm:gap-4">
              <time
                dateTime={entry.time}
                className="shrink-0 text-slate-600 tabular-nums sm:w-36 dark:text-slate-400"
              >
                {formatAuditTime(intl, entry.time)}
              </time>
              <span>{auditSentence(intl, entry)}</span>
            </li>
          ))}
        </ol>
      )}
      <Link
        to={paths.auditOf(writeAuditFilters(filters))}
        className="w-fit text-sm text-teal-800 underline hover:no-underline dark:text-teal-300"
      >
        {intl.formatMessage({ id: 'audit.recent.all' })}
      </Link>
    </>
  );
}
