import { describe, expect, it } from 'vitest';
import {
  addPoint,
  changeTarget,
  copyDay,
  fromEditorWeek,
  mapServerMessages,
  movePoint,
  pointKeyAction,
  toEditorWeek,
  validateWeek,
} from './editor';
import { normalizeWeek } from './week';

const limits = { min: 5, max: 30 };
const start = () =>
  toEditorWeek(
    normalizeWeek({
      mon: [
        { at: '06:00', target: 21 },
        { at: '22:00', target: 17 },
      ],
    }),
  );

describe('keyboard', () => {
  it('arrows move 15 minutes, Shift an hour; + / − change 0.5 °C; Delete removes', () => {
    expect(pointKeyAction({ key: 'ArrowRight', shiftKey: false })).toEqual({
      kind: 'move',
      delta: 15,
    });
    expect(pointKeyAction({ key: 'ArrowLeft', shiftKey: true })).toEqual({
      kind: 'move',
      delta: -60,
    });
    expect(pointKeyAction({ key: '+', shiftKey: true })).toEqual({ kind: 'target', delta: 0.5 });
    expect(pointKeyAction({ key: '-', shiftKey: false })).toEqual({ kind: 'target', delta: -0.5 });
    expect(pointKeyAction({ key: 'Delete', shiftKey: false })).toEqual({ kind: 'remove' });
    expect(pointKeyAction({ key: 'Tab', shiftKey: false })).toBeNull();
  });

  it('a moved point keeps its id, stays in its day and steps over a neighbour', () => {
    const week = start();
    const [six, ten] = week.mon;
    const later = movePoint(week, 'mon', six!.id, 60);
    expect(fromEditorWeek(later).mon[0]).toEqual({ at: '07:00', target: 21 });
    // 21:00 + 1 h would land on 22:00: it passes to 23:00, and the order follows.
    const passed = movePoint(movePoint(week, 'mon', six!.id, 15 * 60), 'mon', six!.id, 60);
    expect(passed.mon.map((point) => point.id)).toEqual([ten!.id, six!.id]);
    expect(fromEditorWeek(passed).mon[1]!.at).toBe('23:00');
    expect(fromEditorWeek(movePoint(week, 'mon', six!.id, -600)).mon[0]!.at).toBe('00:00');
    expect(fromEditorWeek(movePoint(week, 'mon', ten!.id, 600)).mon[1]!.at).toBe('23:55');
  });

  it('targets change by half degrees within the limits', () => {
    const week = start();
    const id = week.mon[0]!.id;
    expect(changeTarget(week, 'mon', id, 0.5, limits).mon[0]!.target).toBe(21.5);
    expect(changeTarget(week, 'mon', id, 20, limits).mon[0]!.target).toBe(30);
  });
});

describe('add and copy', () => {
  it('adds an hour after the last point with the target in force there; a full day refuses', () => {
    const added = addPoint(start(), 'mon', 21)!;
    expect(fromEditorWeek(added.week).mon.at(-1)).toEqual({ at: '23:00', target: 17 });
    expect(fromEditorWeek(addPoint(start(), 'tue', 20)!.week).tue).toEqual([
      { at: '06:00', target: 20 },
    ]);
    let week = start();
    for (let i = 0; i < 10; i++) week = addPoint(week, 'mon', 21)!.week;
    expect(addPoint(week, 'mon', 21)).toBeNull();
  });

  it('copies a day to other days with new ids', () => {
    const copied = copyDay(start(), 'mon', ['sat', 'sun']);
    expect(fromEditorWeek(copied).sun).toEqual(fromEditorWeek(copied).mon);
    expect(copied.sat[0]!.id).not.toBe(copied.mon[0]!.id);
  });
});

describe('validation', () => {
  it('names the point with two at one time or a target out of range', () => {
    const week = start();
    week.mon[1] = { ...week.mon[1]!, minute: 360, target: 40 };
    const result = validateWeek(week, limits);
    expect(result.valid).toBe(false);
    expect(result.points.get(week.mon[1]!.id)?.map((problem) => problem.id)).toEqual([
      'schedules.error.sameTime',
      'schedules.error.range',
    ]);
    expect(validateWeek(start(), limits).valid).toBe(true);
  });

  it('maps the server’s week.mon[1].at back to the point sent in that place', () => {
    const week = start();
    const mapped = mapServerMessages(
      { 'week.mon[1].at': 'at must be on a 5-minute grid.', 'week.tue': ['too many'], x: 'y' },
      week,
    );
    expect(mapped.points.get(week.mon[1]!.id)).toEqual(['at must be on a 5-minute grid.']);
    expect(mapped.days.get('tue')).toEqual(['too many']);
    expect(mapped.other).toEqual(['y']);
  });
});
