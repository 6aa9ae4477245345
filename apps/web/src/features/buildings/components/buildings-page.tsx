import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { ListBody } from '@/components/ui/list-body';
import { ListToolbar } from '@/components/ui/list-toolbar';
import { buildingsQueryOptions } from '@/lib/buildings';
import { errorReason } from '@/lib/error-reason';
import { usePhone } from '@/lib/use-phone';
import { BUILDING_SORTS, shownBuildings, type BuildingSort } from '../utils/buildings';
import { BuildingCards, BuildingTable } from './building-list';

/**
 * "Gebäude" (`/buildings`, issue 37): every building the user may read at a glance (rooms, below
 * target, open alarms, heating demand, the room furthest below its target), each opening its
 * overview; search by name or host label and sort for hundreds of buildings.
 */
export function BuildingsPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const ids = useId();
  const phone = usePhone();
  const query = useQuery(buildingsQueryOptions());
  const buildings = useMemo(() => query.data ?? [], [query.data]);
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<BuildingSort>('name');
  const shown = useMemo(() => shownBuildings(buildings, search, sort), [buildings, search, sort]);

  const List = phone ? BuildingCards : BuildingTable;
  const body = (
    <ListBody
      pending={query.isPending}
      failure={
        query.isError ? (
          <>
            {t('buildings.loadFailed')} {errorReason(intl, query.error) ?? ''}
          </>
        ) : null
      }
      onRetry={() => void query.refetch()}
      loading={t('buildings.loading')}
      retry={t('buildings.retry')}
      empty={
        shown.length > 0
          ? null
          : t(buildings.length === 0 ? 'buildings.empty' : 'buildings.noMatch')
      }
    >
      <List buildings={shown} />
    </ListBody>
  );

  return (
    <div className="flex flex-col gap-4">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">{t('buildings.title')}</h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t('buildings.subtitle')}</p>
      </div>
      <ListToolbar
        id={ids}
        searchLabel={t('buildings.search')}
        search={search}
        onSearch={setSearch}
        choice={{
          label: t('buildings.sort'),
          value: sort,
          options: BUILDING_SORTS.map((value) => ({ value, label: t(`buildings.sort.${value}`) })),
          onChange: (value) => setSort(value as BuildingSort),
        }}
        count={
          query.data
            ? shown.length === buildings.length
              ? t('buildings.count', { count: buildings.length })
              : t('buildings.countMatches', { count: shown.length, total: buildings.length })
            : ''
        }
      />
      {body}
    </div>
  );
}
