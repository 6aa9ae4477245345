import type { Floor } from '@raumregler/contract';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { SlidersHorizontal } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Sheet } from '@/components/ui/sheet';
import { useBatchRun, type RunBatch } from '@/lib/use-batch-run';
import { usePhone } from '@/lib/use-phone';
import { useScrollWhenWider } from '../hooks/use-scroll-when-wider';
import { useToolbarOffset } from '../hooks/use-toolbar-offset';
import { useOverviewQuery } from '../hooks/use-overview-query';
import { rowMatcher } from '../utils/filter';
import { groupWrites, type GroupAction, type GroupWrite } from '../utils/group';
import { STATE_FILTERS, type SortKey } from '../utils/query';
import { buildBaseRows, withMarks, type OverviewRow, type RoomMarks } from '../utils/rows';
import { holdOrder, sortRows } from '../utils/sort';
import { FloorSelect } from './floor-select';
import { demandOf, withValves, type RoomValves } from '../utils/valve';
import { ExportAll } from './export-all';
import { OverviewFilters } from './overview-filters';
import { OverviewSummary } from './overview-summary';
import { OverviewTable } from './overview-table';

const GroupDialog = lazy(() => import('./group-dialog'));
const GroupLimitsDialog = lazy(() => import('./group-limits-dialog'));
// Loaded when needed (a selection, a phone), so the first view and the prefetch stay small.
const GroupToolbar = lazy(() =>
  import('./group-toolbar').then((m) => ({ default: m.GroupToolbar })),
);
const BatchProgress = lazy(() =>
  import('@/components/ui/batch-progress').then((m) => ({ default: m.BatchProgress<GroupWrite> })),
);
const OverviewCards = lazy(() =>
  import('./overview-cards').then((m) => ({ default: m.OverviewCards })),
);
const SortFields = lazy(() => import('./sort-fields').then((m) => ({ default: m.SortFields })));

/** The route's room writes for a group action (per room, with one temps reload at the end). */
export type RunGroupWrites = RunBatch<GroupWrite>;

const roomOfWrite = (write: GroupWrite) => write.roomId;

/** What the route gives the overview. */
interface OverviewProps {
  floors: readonly Floor[];
  now: Date;
  roomHref: (roomId: number) => string;
  /** A floor's name as the menu shows it ("EG" reads "Erdgeschoss"). */
  floorLabel: (name: string) => string;
  /** The room writes (the route's), or null for a user who may not write. */
  runWrites: RunGroupWrites | null;
  /** Open alarms and absences from our server, when the route has them. */
  marks?: RoomMarks;
  /** Proxy mode: the device takes only `duration`, so "Bis …" reaches 24 hours ahead. */
  proxy?: boolean;
  /** Valve openings from `outs/` (issue 32), once loaded: the Ventil column, `demand`. */
  valves?: RoomValves;
  /** Issue 34: the user manages the rooms listed, so "Grenzen…" sets their limits. */
  mayManage?: boolean;
}

/**
 * The home page: every readable room in one sortable, filterable table with summary figures,
 * and for writers a selection with group actions. Sort and filters live in the URL.
 *
 * The rows are built here from temps, the rest below in a component of its own: React can pause
 * between two components of a background render, never inside one, and on the 1,000-room
 * building the rows alone take a good part of a 50 ms task at 4x CPU.
 */
export function Overview(props: OverviewProps) {
  const { floors, now, floorLabel } = props;
  const baseRows = useMemo(() => buildBaseRows(floors, now, floorLabel), [floors, now, floorLabel]);
  return <OverviewRooms {...props} baseRows={baseRows} />;
}

function OverviewRooms({
  baseRows,
  floors,
  now,
  roomHref,
  floorLabel,
  runWrites,
  marks,
  proxy = false,
  valves,
  mayManage = false,
}: OverviewProps & { baseRows: OverviewRow[] }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [query, setQuery] = useOverviewQuery();
  // Built from temps once; alarms and absences arriving later only mark their rooms.
  const rows = useMemo(
    () => withValves(withMarks(baseRows, marks ?? {}, now), valves),
    [baseRows, marks, now, valves],
  );
  const valvesKnown = valves !== undefined;
  const markKinds = useMemo(
    () => ({ alarms: marks?.alarms !== undefined, absences: marks?.absences !== undefined }),
    [marks?.alarms, marks?.absences],
  );
  const states = useMemo(
    () =>
      STATE_FILTERS.filter(
        (state) =>
          state === query.state ||
          (state === 'alarm'
            ? markKinds.alarms
            : state === 'absent'
              ? markKinds.absences
              : state === 'demand'
                ? valvesKnown
                : true),
      ),
    [markKinds, query.state, valvesKnown],
  );
  const floorChoices = useMemo(
    () =>
      floors.map((floor) => ({ id: floor.id, name: floorLabel(String(floor.etagenname ?? '')) })),
    [floors, floorLabel],
  );
  const sorted = useMemo(() => sortRows(rows.filter(rowMatcher(query)), query.sort), [rows, query]);
  // "Heizbedarf": the mean valve of the rooms in the current filter, once the outputs are known.
  const demand = useMemo(
    () => (valvesKnown ? { mean: demandOf(sorted) } : null),
    [valvesKnown, sorted],
  );

  const [selected, setSelected] = useState<ReadonlySet<number>>(() => new Set());
  // While rooms are selected, a refresh keeps the rows where they are (a changed sort or
  // filter still applies at once): the order seen last, per view.
  const view = `${query.q}|${query.floor}|${query.state}|${query.sort?.key}|${query.sort?.descending}`;
  const [held, setHeld] = useState<{ view: string; ids: readonly number[] } | null>(null);
  const holding = selected.size > 0 && held !== null && held.view === view;
  const shown = useMemo(
    () => (holding && held ? holdOrder(sorted, held.ids) : sorted),
    [holding, held, sorted],
  );
  if (
    !holding &&
    (held?.view !== view ||
      held.ids.length !== shown.length ||
      held.ids.some((id, i) => id !== shown[i]!.id))
  ) {
    setHeld({ view, ids: shown.map((row) => row.id) });
  }
  const toggle = useCallback(
    (roomId: number) =>
      setSelected((current) => {
        const next = new Set(current);
        if (!next.delete(roomId)) next.add(roomId);
        return next;
      }),
    [],
  );
  const setAll = useCallback(
    (all: boolean) =>
      setSelected((current) => {
        const next = new Set(current);
        for (const row of shown) {
          if (all) next.add(row.id);
          else next.delete(row.id);
        }
        return next;
      }),
    [shown],
  );
  const toggleFloor = useCallback(
    (floorId: number, select: boolean) =>
      setSelected((current) => {
        const next = new Set(current);
        for (const row of rows) {
          if (row.floorId !== floorId) continue;
          if (select) next.add(row.id);
          else next.delete(row.id);
        }
        return next;
      }),
    [rows],
  );
  const selection = useMemo(
    () => (runWrites ? { selected, toggle, setAll } : null),
    [runWrites, selected, toggle, setAll],
  );
  const selectedRows = useMemo(() => rows.filter((row) => selected.has(row.id)), [rows, selected]);

  const noWrites = useCallback<RunGroupWrites>(async () => [], []);
  const group = useBatchRun<GroupWrite>(runWrites ?? noWrites);
  const [dialog, setDialog] = useState<'temporary' | 'permanent' | 'limits' | null>(null);
  const act = (action: GroupAction) => {
    setDialog(null);
    void group.start(groupWrites(action, selectedRows, new Date()));
  };
  const names = useMemo(() => new Map(rows.map((row) => [row.id, row.name])), [rows]);

  const onSort = useCallback(
    (key: SortKey) =>
      setQuery({
        sort: { key, descending: query.sort?.key === key ? !query.sort.descending : false },
      }),
    [query.sort, setQuery],
  );

  const phone = usePhone();
  const tableBox = useScrollWhenWider<HTMLDivElement>();
  const toolbarBlock = useToolbarOffset<HTMLDivElement>();
  const [sheetOpen, setSheetOpen] = useState(false);
  const filtered = query.q !== '' || query.floor !== null || query.state !== null;
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold tracking-tight">{t('dashboard.title')}</h1>
      {rows.length === 0 ? (
        <p className="text-slate-600 dark:text-slate-400">{t('overview.noRooms')}</p>
      ) : (
        <>
          <OverviewSummary rows={rows} query={query} marks={markKinds} demand={demand} />
          {phone ? (
            <>
              <Button
                variant="secondary"
                className="self-start"
                aria-haspopup="dialog"
                onClick={() => setSheetOpen(true)}
              >
                <SlidersHorizontal aria-hidden="true" className="mr-2 size-4" />
                {t('overview.filters')}
              </Button>
              <Sheet
                open={sheetOpen}
                onOpenChange={setSheetOpen}
                side="right"
                title={t('overview.filters')}
                closeLabel={t('overview.close')}
                className="w-[min(90vw,22rem)]"
              >
                <div className="flex flex-col gap-5 p-4 pt-12">
                  <h2 className="text-lg font-semibold">{t('overview.filters')}</h2>
                  <OverviewFilters
                    query={query}
                    floors={floorChoices}
                    onChange={setQuery}
                    states={states}
                    stacked
                  />
                  <Suspense fallback={null}>
                    <SortFields query={query} onChange={setQuery} />
                  </Suspense>
                  <Button onClick={() => setSheetOpen(false)}>{t('overview.close')}</Button>
                </div>
              </Sheet>
            </>
          ) : (
            <OverviewFilters
              query={query}
              floors={floorChoices}
              onChange={setQuery}
              states={states}
            />
          )}
          {runWrites && (
            <FloorSelect
              floors={floorChoices}
              rows={rows}
              selected={selected}
              onToggle={toggleFloor}
            />
          )}
          {runWrites && selected.size > 0 && (
            // Stays below the app's header while the rows scroll by, so rooms selected far down
            // the list can be acted on where they are (the page's background hides the rows
            // under it; -my-2 keeps the page's spacing).
            <div
              ref={toolbarBlock}
              className="sticky top-(--below-header) z-[2] -my-2 bg-slate-50 py-2 dark:bg-slate-950"
            >
              <Suspense fallback={null}>
                <GroupToolbar
                  count={selected.size}
                  busy={group.state?.running ?? false}
                  onOpen={setDialog}
                  onAction={act}
                  onClear={() => setSelected(new Set())}
                  mayManage={mayManage}
                />
              </Suspense>
            </div>
          )}
          {runWrites && group.state && (
            <Suspense fallback={null}>
              <BatchProgress
                run={group.state}
                roomOf={roomOfWrite}
                names={names}
                messages="overview"
                onRetry={group.retry}
                onDismiss={group.dismiss}
              />
            </Suspense>
          )}
          {/* The count and the export share a line: the export is of the whole building (or the
              floor filtered), the count says what the list shows. */}
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
              {intl.formatMessage(
                { id: 'overview.shown' },
                { shown: shown.length, total: rows.length },
              )}
            </p>
            <ExportAll floor={query.floor} floors={floorChoices} />
          </div>
          {shown.length === 0 ? (
            <p className="rounded-xl border border-dashed border-slate-300 px-4 py-8 text-center dark:border-white/15">
              {t('overview.empty')}{' '}
              {filtered && (
                <Link to={{ search: '' }} className="text-primary underline dark:text-sky-300">
                  {t('overview.reset')}
                </Link>
              )}
            </p>
          ) : phone ? (
            <Suspense fallback={null}>
              <OverviewCards rows={shown} roomHref={roomHref} now={now} selection={selection} />
            </Suspense>
          ) : (
            <div
              ref={tableBox}
              className="group/table overflow-clip rounded-xl border border-slate-200 bg-white data-scroll:overflow-x-auto dark:border-white/10 dark:bg-slate-900"
            >
              <OverviewTable
                rows={shown}
                sort={query.sort}
                onSort={onSort}
                roomHref={roomHref}
                now={now}
                selection={selection}
              />
            </div>
          )}
          {dialog === 'limits' && (
            <Suspense fallback={null}>
              <GroupLimitsDialog
                count={selected.size}
                onCancel={() => setDialog(null)}
                onConfirm={act}
              />
            </Suspense>
          )}
          {dialog && dialog !== 'limits' && (
            <Suspense fallback={null}>
              <GroupDialog
                kind={dialog}
                count={selected.size}
                proxy={proxy}
                onCancel={() => setDialog(null)}
                onConfirm={act}
              />
            </Suspense>
          )}
        </>
      )}
    </div>
  );
}

export type { OverviewAbsence, OverviewAlarm, RoomMarks } from '../utils/rows';
export type { OverviewRow };
