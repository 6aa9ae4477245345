import { describe, expect, it } from 'vitest';
import {
  auditRequestQuery,
  hasFilters,
  NO_FILTERS,
  parseAuditFilters,
  writeAuditFilters,
} from './filters';

const parse = (query: string) => parseAuditFilters(new URLSearchParams(query));

describe('audit filters in the URL', () => {
  it('reads room, user and period', () => {
    expect(parse('room=21&user=%20anna%20&from=2026-11-20&to=2026-11-24')).toEqual({
      room: 21,
      user: 'anna',
      from: '2026-11-20',
      to: '2026-11-24',
    });
  });

  it('ignores what makes no sense instead of failing', () => {
    expect(parse('room=wohnzimmer&from=2026-02-30&to=gestern')).toEqual({
      room: null,
      user: '',
      from: null,
      to: null,
    });
    expect(parse('room=-3')).toMatchObject({ room: null });
    // A period that ends before it starts keeps its start.
    expect(parse('from=2026-11-24&to=2026-11-20')).toMatchObject({ from: '2026-11-24', to: null });
  });

  it('writes only the filters set, and reads back what it wrote', () => {
    const filters = { room: 5, user: 'techniker', from: null, to: '2026-11-24' };
    const written = writeAuditFilters(filters);
    expect(written.toString()).toBe('room=5&user=techniker&to=2026-11-24');
    expect(parseAuditFilters(written)).toEqual(filters);
  });

  it('asks the server for whole days: from midnight to the midnight after the last day', () => {
    const query = auditRequestQuery(
      { room: null, user: '', from: '2026-10-25', to: '2026-12-31' },
      5,
    );
    expect(Object.fromEntries(query)).toEqual({
      from: '2026-10-25T00:00:00',
      to: '2027-01-01T00:00:00',
      limit: '5',
    });
  });
});

describe('hasFilters', () => {
  it('tells an empty log from an empty selection', () => {
    expect(hasFilters(NO_FILTERS)).toBe(false);
    expect(hasFilters({ ...NO_FILTERS, user: '  ' })).toBe(false);
    expect(hasFilters({ ...NO_FILTERS, room: 3 })).toBe(true);
    expect(hasFilters({ ...NO_FILTERS, user: 'anna' })).toBe(true);
    expect(hasFilters({ ...NO_FILTERS, from: '2026-11-01' })).toBe(true);
    expect(hasFilters({ ...NO_FILTERS, to: '2026-11-01' })).toBe(true);
  });
});
