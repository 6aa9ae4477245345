import { describe, expect, it } from 'vitest';
import { meanValve, valvePercent, valvesByRoom } from './valve.js';

describe('valvePercent', () => {
  it('reads relays: 1 is open (100 %), the room is the mean of its outputs', () => {
    expect(valvePercent({ '1': 1 })).toBe(100);
    expect(valvePercent({ '1': 0 })).toBe(0);
    expect(valvePercent({ '1': 1, '2': 0 })).toBe(50);
    expect(valvePercent({ '1': 1, '2': 1, '3': 0 })).toBe(67);
  });

  it('reads analog outputs (0–99) as they are, and their mean', () => {
    expect(valvePercent({ '1': 45 })).toBe(45);
    expect(valvePercent({ '1': 99 })).toBe(99);
    expect(valvePercent({ '1': 40, '2': 20 })).toBe(30);
    // Not all 0/1: the 1 is an analog 1 %, not an open relay.
    expect(valvePercent({ '1': 1, '2': 50 })).toBe(26);
  });

  it('tolerates keys with a leading space and numbers sent as text', () => {
    expect(valvePercent({ ' 14': 1, ' 15': 0 })).toBe(50);
    expect(valvePercent({ ' 14': '45' })).toBe(45);
    expect(valvePercent({ '1': ' 1', '2': '1' })).toBe(100);
  });

  it('has no valve without outputs or without a usable value', () => {
    expect(valvePercent({})).toBeNull();
    expect(valvePercent(undefined)).toBeNull();
    expect(valvePercent(null)).toBeNull();
    expect(valvePercent([1])).toBeNull();
    expect(valvePercent({ '1': 'kein Ausgang', '2': null })).toBeNull();
    // A value that is no number is left out, the others still count.
    expect(valvePercent({ '1': 'x', '2': 1 })).toBe(100);
  });

  it('keeps odd analog values within 0–100', () => {
    expect(valvePercent({ '1': 150 })).toBe(100);
    expect(valvePercent({ '1': -5, '2': 40 })).toBe(20);
  });
});

describe('valvesByRoom', () => {
  it('maps every room of an outs answer to its valve, null without outputs', () => {
    const outs = [
      { id: 1, etagenname: 'EG', raeume: [{ id: 3, name: 'Bad', ausgang: { '1': 1 } }] },
      {
        id: 2,
        etagenname: 'OG',
        raeume: [
          { id: 4, name: 'Flur', ausgang: {} },
          { id: 5, name: 'Büro', ausgang: { ' 7': 30, ' 8': 60 } },
        ],
      },
    ];
    expect([...valvesByRoom(outs)]).toEqual([
      [3, 100],
      [4, null],
      [5, 45],
    ]);
  });

  it('survives answers of another shape', () => {
    expect(valvesByRoom(null).size).toBe(0);
    expect(valvesByRoom({ error: 'x' }).size).toBe(0);
    expect(valvesByRoom([{ raeume: [{ name: 'no id' }, null] }, null]).size).toBe(0);
  });
});

describe('meanValve', () => {
  it('is the mean of the rooms with a valve, rounded', () => {
    expect(meanValve([100, 0, null, 15])).toBe(38);
    expect(meanValve([null, null])).toBeNull();
    expect(meanValve([])).toBeNull();
  });
});
