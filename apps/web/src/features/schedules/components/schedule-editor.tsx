import { Copy, Plus } from 'lucide-react';
import { useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import type { ApiError } from '@/lib/api-error';
import { errorReason } from '@/lib/error-reason';
import { useSaveSchedule } from '../api/save-schedule';
import { UnsavedGuard } from '../hooks/use-unsaved-guard';
import {
  addPoint,
  changeTarget,
  copyDay,
  fromEditorWeek,
  mapServerMessages,
  movePoint,
  pointKeyAction,
  removePoint,
  setPointTime,
  toEditorWeek,
  validateWeek,
  type EditorWeek,
  type Limits,
} from '../utils/editor';
import { dayName, pointLabel } from '../utils/format';
import {
  DAYS,
  daySegments,
  MAX_POINTS_PER_DAY,
  sameWeek,
  type DayKey,
  type Week,
} from '../utils/week';
import { CopyDay } from './copy-day';
import { DayBar, HourScale } from './day-bar';
import { PointPanel } from './point-panel';
import { DayLabel } from './week-view';

const DEFAULT_TARGET = 21;

/**
 * The week as bars with a handle per switch point, for users with manage. Everything works from
 * the keyboard (arrows move a point by 15 min, Shift by an hour, + / − change its target by
 * 0,5 °C, Delete removes it) and by touch (drag a handle, or tap it and use the controls below).
 * Nothing is saved until "Speichern"; "Verwerfen" restores the saved week.
 */
export function ScheduleEditor({
  roomId,
  saved,
  limits,
  todayIndex,
  nowMinute,
  onSaved,
  onDirtyChange,
}: {
  roomId: number;
  saved: Week;
  limits: Limits;
  todayIndex: number;
  nowMinute: number;
  onSaved?: () => unknown;
  onDirtyChange?: (dirty: boolean) => void;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const helpId = useId();
  const root = useRef<HTMLDivElement>(null);
  const [source, setSource] = useState(saved);
  const [week, setWeek] = useState<EditorWeek>(() => toEditorWeek(saved));
  const [selected, setSelected] = useState<{ day: DayKey; id: number } | null>(null);
  const [copyFrom, setCopyFrom] = useState<DayKey | null>(null);
  const [focusRequest, setFocusRequest] = useState<{ id: number } | { add: DayKey } | null>(null);
  const [sent, setSent] = useState<EditorWeek | null>(null);
  const [savedNote, setSavedNote] = useState(false);
  const save = useSaveSchedule(onSaved);
  const current = useMemo(() => fromEditorWeek(week), [week]);
  const dirty = !sameWeek(current, saved);

  // A newer saved week (another tab, a copy from another room) replaces an unchanged editor.
  if (saved !== source && !dirty) {
    setSource(saved);
    setWeek(toEditorWeek(saved));
  }
  const reportDirty = useRef<boolean | null>(null);
  useLayoutEffect(() => {
    if (reportDirty.current !== dirty) onDirtyChange?.(dirty);
    reportDirty.current = dirty;
  }, [dirty, onDirtyChange]);

  // Focus follows a point that moved past another (its handle is moved in the DOM) or a deletion.
  useLayoutEffect(() => {
    if (!focusRequest || !root.current) return;
    const target =
      'id' in focusRequest
        ? root.current.querySelector<HTMLElement>(`[data-point-id="${focusRequest.id}"]`)
        : root.current.querySelector<HTMLElement>(`[data-add-day="${focusRequest.add}"]`);
    if (target && document.activeElement !== target) target.focus();
    setFocusRequest(null);
  }, [focusRequest]);

  const own = validateWeek(week, limits);
  const server = mapServerMessages((save.error as ApiError | null)?.messages, sent ?? week);
  const serverShown = save.isError && sent !== null && sameWeek(fromEditorWeek(sent), current);
  const problemsOf = (id: number) => [
    ...(own.points.get(id) ?? []).map((problem) => t(problem.id, problem.values)),
    ...(serverShown ? (server.points.get(id) ?? []) : []),
  ];
  const errorIds = new Map<number, string>();
  for (const day of DAYS)
    for (const point of week[day])
      if (problemsOf(point.id).length > 0) errorIds.set(point.id, `${helpId}-error-${point.id}`);

  const edit = (next: EditorWeek) => {
    setWeek(next);
    setSavedNote(false);
  };
  const onKey = (day: DayKey, id: number, event: KeyboardEvent<HTMLButtonElement>) => {
    const action = pointKeyAction(event);
    if (!action) return;
    event.preventDefault();
    if (action.kind === 'move') edit(movePoint(week, day, id, action.delta));
    else if (action.kind === 'target') edit(changeTarget(week, day, id, action.delta, limits));
    else {
      const points = week[day];
      const index = points.findIndex((point) => point.id === id);
      const neighbour = points[index + 1] ?? points[index - 1];
      edit(removePoint(week, day, id));
      setSelected(neighbour ? { day, id: neighbour.id } : null);
      setFocusRequest(neighbour ? { id: neighbour.id } : { add: day });
      return;
    }
    setFocusRequest({ id });
  };
  const add = (day: DayKey) => {
    const result = addPoint(week, day, DEFAULT_TARGET);
    if (!result) return;
    edit(result.week);
    setSelected({ day, id: result.id });
    setFocusRequest({ id: result.id });
  };
  const discard = () => {
    setWeek(toEditorWeek(saved));
    setSelected(null);
    setSent(null);
    save.reset();
  };
  const submit = () => {
    if (!own.valid) {
      const first = DAYS.flatMap((day) => week[day]).find((point) => errorIds.has(point.id));
      if (first) setFocusRequest({ id: first.id });
      return;
    }
    setSent(week);
    setSavedNote(false);
    save.mutate(
      { roomId, week: current },
      {
        onSuccess: (schedule) => {
          setSource(schedule.week);
          setWeek(toEditorWeek(schedule.week));
          setSelected(null);
          setSavedNote(true);
        },
      },
    );
  };
  const full = (day: DayKey) => week[day].length >= MAX_POINTS_PER_DAY;
  const otherServerMessages = serverShown
    ? [...server.other, ...[...server.days.values()].flat()]
    : [];

  return (
    <div ref={root} className="flex flex-col gap-3">
      <UnsavedGuard dirty={dirty} />
      <p id={helpId} className="text-sm text-slate-600 dark:text-slate-300">
        {t('schedules.editor.help')}
      </p>
      <div className="grid grid-cols-[2.5rem_minmax(0,1fr)] items-center gap-x-3 gap-y-2 sm:grid-cols-[2.5rem_minmax(0,1fr)_auto]">
        <span />
        <HourScale />
        <span className="hidden sm:block" />
        {DAYS.map((day, dayIndex) => {
          const selectedPoint =
            selected?.day === day ? week[day].find((point) => point.id === selected.id) : undefined;
          const dayProblems = [
            ...(own.days.has(day) ? [t(own.days.get(day)!, { max: MAX_POINTS_PER_DAY })] : []),
            ...(serverShown ? (server.days.get(day) ?? []) : []),
          ];
          return (
            <div key={day} className="contents">
              <DayLabel day={day} today={dayIndex === todayIndex} />
              <DayBar
                day={day}
                label={dayName(intl, day)}
                segments={daySegments(current, dayIndex)}
                nowMinute={dayIndex === todayIndex ? nowMinute : null}
                handles={{
                  points: week[day],
                  selectedId: selected?.day === day ? selected.id : null,
                  onSelect: (id) => setSelected({ day, id }),
                  onKey: (id, event) => onKey(day, id, event),
                  onDrag: (id, minute) => edit(setPointTime(week, day, id, minute)),
                  errorIds,
                  helpId,
                }}
              />
              <div className="col-start-2 flex gap-1 sm:col-start-auto">
                <Button
                  size="sm"
                  variant="ghost"
                  data-add-day={day}
                  disabled={full(day)}
                  aria-label={t('schedules.add', { day: dayName(intl, day) })}
                  title={t('schedules.add', { day: dayName(intl, day) })}
                  onClick={() => add(day)}
                >
                  <Plus className="size-4" aria-hidden="true" />
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={t('schedules.copyDay.open', { day: dayName(intl, day) })}
                  title={t('schedules.copyDay.open', { day: dayName(intl, day) })}
                  aria-expanded={copyFrom === day}
                  onClick={() => setCopyFrom(copyFrom === day ? null : day)}
                >
                  <Copy className="size-4" aria-hidden="true" />
                </Button>
              </div>
              {(week[day].some((point) => errorIds.has(point.id)) || dayProblems.length > 0) && (
                <ul className="col-start-2 text-sm text-red-700 sm:col-span-2 dark:text-red-300">
                  {dayProblems.map((text) => (
                    <li key={text}>
                      {dayName(intl, day)}: {text}
                    </li>
                  ))}
                  {week[day]
                    .filter((point) => errorIds.has(point.id))
                    .map((point) => (
                      <li key={point.id} id={errorIds.get(point.id)}>
                        {pointLabel(intl, day, point.minute, point.target)}:{' '}
                        {problemsOf(point.id).join(' ')}
                      </li>
                    ))}
                </ul>
              )}
              {selectedPoint && (
                <div className="col-start-1 col-end-[-1]">
                  <PointPanel
                    day={day}
                    point={selectedPoint}
                    problems={problemsOf(selectedPoint.id)}
                    onMove={(delta) => edit(movePoint(week, day, selectedPoint.id, delta))}
                    onTime={(minute) => edit(setPointTime(week, day, selectedPoint.id, minute))}
                    onTarget={(delta) =>
                      edit(changeTarget(week, day, selectedPoint.id, delta, limits))
                    }
                    onRemove={() => {
                      edit(removePoint(week, day, selectedPoint.id));
                      setSelected(null);
                      setFocusRequest({ add: day });
                    }}
                  />
                </div>
              )}
              {copyFrom === day && (
                <div className="col-start-1 col-end-[-1]">
                  <CopyDay
                    from={day}
                    onCancel={() => setCopyFrom(null)}
                    onCopy={(to) => {
                      edit(copyDay(week, day, to));
                      setCopyFrom(null);
                    }}
                  />
                </div>
              )}
            </div>
          );
        })}
      </div>
      {save.isError && (
        <Alert variant="danger">
          {t('schedules.saveFailed')}{' '}
          {otherServerMessages.length > 0
            ? otherServerMessages.join(' ')
            : server.points.size === 0
              ? (errorReason(intl, save.error) ?? '')
              : t('schedules.saveFailedPoints')}
        </Alert>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <Button onClick={submit} disabled={!dirty || save.isPending}>
          {save.isPending ? t('schedules.saving') : t('schedules.save')}
        </Button>
        <Button variant="secondary" onClick={discard} disabled={!dirty || save.isPending}>
          {t('schedules.discard')}
        </Button>
        <span role="status" className="text-sm text-slate-600 dark:text-slate-300">
          {!own.valid
            ? t('schedules.invalid')
            : dirty
              ? t('schedules.unsaved')
              : savedNote
                ? t('schedules.saved')
                : ''}
        </span>
      </div>
    </div>
  );
}
