import type { AuditEntry } from '@raumregler/contract';
import { describe, expect, it } from 'vitest';
import { testIntl } from '@/lib/testing-catalogs';
import { auditSentence } from './sentence';

const de = testIntl('de');
const en = testIntl('en');

// Times in the browser's own zone, so "same day" and "18:30" hold wherever the test runs.
const local = (day: number, hour: number, minute: number) =>
  new Date(2026, 10, day, hour, minute).toISOString();

const entry = (change: Partial<AuditEntry>): AuditEntry => ({
  id: 1,
  time: local(24, 17, 0),
  user: 'Anna',
  room: 21,
  room_name: 'Büro',
  floor: 'EG',
  action: 'ziel',
  before: { target: 18, temporary: false },
  after: { target: 22.5, temporary: true, until: local(24, 18, 30) },
  duration_minutes: 90,
  source: 'app',
  ...change,
});

describe('auditSentence', () => {
  it('says a temporary target with its end on the same day, in both languages', () => {
    expect(auditSentence(de, entry({}))).toBe('Anna setzte 22,5 °C bis 18:30 (vorher 18,0 °C)');
    // English on the 24-hour clock too, like every other time in the app.
    expect(auditSentence(en, entry({}))).toBe('Anna set 22.5 °C until 18:30 (previously 18.0 °C)');
  });

  it('adds the date when the temporary target ends on another day', () => {
    const late = entry({ after: { target: 21, temporary: true, until: local(25, 6, 0) } });
    expect(auditSentence(de, late)).toBe('Anna setzte 21,0 °C bis 25.11., 06:00 (vorher 18,0 °C)');
    // Day before month in English too: 25/11, not the American 11/25.
    expect(auditSentence(en, late)).toBe(
      'Anna set 21.0 °C until 25/11, 06:00 (previously 18.0 °C)',
    );
  });

  it('says permanent targets, an ended temporary target and the mode', () => {
    expect(
      auditSentence(de, entry({ action: 'soll', after: { target: 20, temporary: false } })),
    ).toBe('Anna setzte dauerhaft 20,0 °C (vorher 18,0 °C)');
    expect(
      auditSentence(
        de,
        entry({
          action: 'resettemp',
          before: { target: 22.5, temporary: true },
          after: { target: 18, temporary: false },
        }),
      ),
    ).toBe('Anna beendete die vorübergehende Temperatur, jetzt 18,0 °C (vorher 22,5 °C)');
    expect(
      auditSentence(
        en,
        entry({ action: 'betriebsart', before: { mode: 'heating' }, after: { mode: 'off' } }),
      ),
    ).toBe('Anna switched the operating mode to Off (previously Heating)');
  });

  it('names the command line when there is no user, and keeps unknown actions readable', () => {
    expect(
      auditSentence(
        de,
        entry({ user: null, source: 'cli', action: 'soll', after: { target: 19 } }),
      ),
    ).toBe('Kommandozeile setzte dauerhaft 19,0 °C (vorher 18,0 °C)');
    expect(auditSentence(en, entry({ action: 'schedule-changed' }))).toBe('Anna: schedule-changed');
  });
});

describe('account events', () => {
  const account = (change: Partial<AuditEntry>) =>
    entry({ room: null, room_name: null, floor: null, duration_minutes: null, ...change });

  it('names the account from the entry, or says "an account" when it is not known', () => {
    expect(
      auditSentence(
        de,
        account({
          user: 'neu@example.com',
          action: 'user-added',
          before: null,
          after: { username: 'neu@example.com', access_smart: 'no-access' },
        }),
      ),
    ).toBe('neu@example.com legte das Konto neu@example.com an');
    expect(
      auditSentence(
        de,
        account({
          user: null,
          source: 'cli',
          action: 'access-changed',
          before: { access_smart: 'read' },
          after: { access_smart: 'full' },
        }),
      ),
    ).toBe('Kommandozeile änderte die Rechte eines Kontos');
    expect(
      auditSentence(
        en,
        account({ action: 'sign-in-refused', before: null, after: { scope: 'account' } }),
      ),
    ).toBe('Sign-ins as Anna refused repeatedly');
  });

  it('says who ended or restored an account, in both languages', () => {
    const cli = { user: null, source: 'cli' as const, before: null };
    const named = { username: 'verwalter' };
    expect(auditSentence(de, account({ ...cli, action: 'user-disabled', after: named }))).toBe(
      'Kommandozeile sperrte das Konto verwalter',
    );
    expect(auditSentence(en, account({ ...cli, action: 'user-enabled', after: named }))).toBe(
      'Command line enabled the account verwalter',
    );
    expect(
      auditSentence(
        de,
        account({ ...cli, action: 'user-removed', before: { username: 'verwalter' }, after: null }),
      ),
    ).toBe('Kommandozeile löschte das Konto verwalter');
    expect(auditSentence(en, account({ ...cli, action: 'user-removed', after: null }))).toBe(
      'Command line deleted an account',
    );
  });

  it('names a member invited or changed by a manager (issue 34), in both languages', () => {
    const anna = { username: 'anna' };
    const by = { user: 'demo', source: 'app' as const, before: null };
    expect(auditSentence(de, account({ ...by, action: 'member-invited', after: anna }))).toBe(
      'demo lud anna ein',
    );
    expect(auditSentence(en, account({ ...by, action: 'member-invited', after: anna }))).toBe(
      'demo invited anna',
    );
    expect(auditSentence(en, account({ ...by, action: 'member-changed', after: anna }))).toBe(
      'demo changed the email address or language of anna',
    );
    expect(auditSentence(de, account({ ...by, action: 'scope-changed', after: anna }))).toBe(
      'demo änderte die Räume von anna',
    );
    expect(auditSentence(en, account({ ...by, action: 'validity-changed', after: anna }))).toBe(
      'demo changed the validity of anna',
    );
  });

  it("names a room's limits set or removed (issue 34)", () => {
    const limits = (before: unknown, after: unknown) =>
      account({ user: 'demo', action: 'limits-changed', before, after } as Partial<AuditEntry>);
    expect(auditSentence(de, limits({ limits: null }, { limits: { min: 16, max: 23 } }))).toBe(
      'demo setzte die Grenzen auf 16,0–23,0 °C (vorher keine)',
    );
    expect(auditSentence(en, limits({ limits: { min: 16, max: 23.5 } }, { limits: null }))).toBe(
      'demo set the limits to none (before: 16.0–23.5 °C)',
    );
  });

  it("names a room's devices set (issue 36)", () => {
    const devices = (before: unknown, after: unknown) =>
      account({
        user: 'demo',
        action: 'room-devices-changed',
        before,
        after,
      } as Partial<AuditEntry>);
    expect(
      auditSentence(
        de,
        devices({ devices: [] }, { devices: ['TRV Wohnzimmer', 'Sensor, Flur/1'] }),
      ),
    ).toBe('demo setzte die Geräte auf „TRV Wohnzimmer“ und „Sensor, Flur/1“ (vorher keine)');
    expect(auditSentence(en, devices({ devices: ['TRV'] }, { devices: [] }))).toBe(
      'demo set the devices to none (before: “TRV”)',
    );
  });

  it('names an absence created, edited, ended or deleted (issue 32)', () => {
    const absence = (action: string, before: unknown, after: unknown) =>
      account({ user: 'demo', action, before, after } as Partial<AuditEntry>);
    expect(auditSentence(de, absence('absence-created', null, { name: 'Ferien' }))).toBe(
      'demo legte die Abwesenheit „Ferien“ an',
    );
    expect(
      auditSentence(en, absence('absence-edited', { name: 'Ferien' }, { name: 'Winterferien' })),
    ).toBe('demo edited the absence “Winterferien”');
    expect(auditSentence(de, absence('absence-deleted', { name: 'Ferien' }, null))).toBe(
      'demo löschte die Abwesenheit „Ferien“',
    );
    expect(auditSentence(de, absence('absence-ended', null, null))).toBe('demo: absence-ended');
  });

  it('names an access token created, first used and revoked (issue 35), in both languages', () => {
    const token = { id: 3, name: 'Grafana', access: 'read', expires: null, owner: 'anna' };
    const tokenEntry = (action: string, user: string, change: Partial<AuditEntry>) =>
      account({ user, action, ...change } as Partial<AuditEntry>);
    expect(auditSentence(de, tokenEntry('token-created', 'anna', { after: token }))).toBe(
      'anna erstellte das Zugriffstoken „Grafana“',
    );
    expect(auditSentence(en, tokenEntry('token-first-used', 'anna', { after: token }))).toBe(
      'The access token “Grafana” of anna was used for the first time',
    );
    expect(auditSentence(de, tokenEntry('token-revoked', 'anna', { before: token }))).toBe(
      'anna widerrief das Zugriffstoken „Grafana“',
    );
    expect(auditSentence(en, tokenEntry('token-revoked', 'demo', { before: token }))).toBe(
      'demo revoked the access token “Grafana” of anna',
    );
  });
});
