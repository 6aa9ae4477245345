import { DEVICE_REFUSED_NO_REASON } from '@raumregler/contract';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { de } from './catalog-de';
import { en } from './catalog-en';
import { errorReason } from './error-reason';

const intl = createIntl({ locale: 'de', messages: de });
const answer = (status: number, body: Record<string, unknown>) => ({ status, ...body });

describe('errorReason', () => {
  it('says a known validation message in German, with German numbers', () => {
    const error = answer(400, {
      error: 'validation_failed',
      message: 'ziel must be between 5 and 22.5 °C.',
      messages: { ziel: ['ziel must be between 5 and 22.5 °C.'] },
    });
    expect(errorReason(intl, error)).toBe('Die Temperatur muss zwischen 5 und 22,5 °C liegen.');
    expect(
      errorReason(
        intl,
        answer(400, {
          error: 'validation_failed',
          message: 'duration must be from 1 to 1440 minutes.',
        }),
      ),
    ).toBe('Die Dauer muss zwischen 1 und 1.440 Minuten liegen.');
  });

  it("says until's refusals in German", () => {
    const until = (message: string) =>
      errorReason(
        intl,
        answer(400, { error: 'validation_failed', message, messages: { until: [message] } }),
      );
    expect(until('until must be at most 31 days ahead.')).toBe(
      'Das Ende darf höchstens 31 Tage in der Zukunft liegen.',
    );
    expect(until('until must be at least 1 minute ahead.')).toBe(
      'Das Ende muss mindestens eine Minute in der Zukunft liegen.',
    );
    expect(until('until must be a local time YYYY-MM-DDTHH:MM:SS.')).toBe(
      'Das Ende ist kein gültiges Datum mit Uhrzeit.',
    );
    expect(
      until('until does not exist in Europe/Berlin (the clocks skip it for summer time).'),
    ).toBe('Diese Uhrzeit gibt es an diesem Tag nicht (Umstellung auf Sommerzeit).');
  });

  it('says known refusals, locks and throttling in German', () => {
    expect(
      errorReason(
        intl,
        answer(403, { error: 'forbidden', message: 'You may not change temperatures.' }),
      ),
    ).toBe('Sie dürfen keine Temperaturen ändern.');
    expect(errorReason(intl, answer(403, { error: 'forbidden', message: 'nein' }))).toBe(
      'Dafür fehlt Ihnen die Berechtigung.',
    );
    expect(
      errorReason(intl, answer(423, { error: 'locked', message: 'Locked by installer' })),
    ).toBe('Der Regler ist gesperrt und nimmt gerade keine Änderungen an.');
    expect(errorReason(intl, answer(429, { error: 'too_many_requests', message: 'slow' }))).toBe(
      'Zu viele Anfragen. Bitte warten Sie einen Moment.',
    );
    expect(errorReason(intl, { networkError: true, message: 'Network Error' })).toBe(
      'Keine Verbindung zum Regler.',
    );
  });

  it("passes the controller's own text through where the wording is unknown", () => {
    expect(
      errorReason(intl, answer(400, { error: 'validation_failed', message: 'Fenster offen.' })),
    ).toBe('Fenster offen.');
    expect(
      errorReason(intl, answer(409, { error: 'conflict', message: 'Busy with a scene.' })),
    ).toBe('Busy with a scene.');
    expect(errorReason(intl, answer(400, { message: 'An error occurred.' }))).toBeUndefined();
  });

  it('says a write the device refused with its reason, and a value it did not take (proxy mode)', () => {
    expect(
      errorReason(
        intl,
        answer(502, { error: 'device_refused', message: 'Sollwert außerhalb der Grenzen' }),
      ),
    ).toBe('Der Regler hat die Änderung abgelehnt: Sollwert außerhalb der Grenzen');
    expect(
      errorReason(
        intl,
        answer(502, { error: 'device_refused', message: DEVICE_REFUSED_NO_REASON }),
      ),
    ).toBe('Der Regler hat die Änderung abgelehnt.');
    expect(
      errorReason(
        intl,
        answer(502, {
          error: 'not_applied',
          message: 'The heating controller did not take 23 °C; it keeps 21 °C.',
          value: 23,
        }),
      ),
    ).toBe('Der Regler hat 23,0 °C nicht übernommen.');
    expect(errorReason(intl, answer(502, { error: 'not_applied', message: 'x' }))).toBe(
      'Der Regler hat die Änderung nicht übernommen.',
    );
    const english = createIntl({ locale: 'en-GB', messages: { ...de, ...en } });
    expect(
      errorReason(english, answer(502, { error: 'not_applied', message: 'x', value: 22.5 })),
    ).toBe('The controller did not take 22.5 °C.');
    expect(
      errorReason(english, answer(502, { error: 'device_refused', message: 'Raum gesperrt' })),
    ).toBe('The controller refused the change: Raum gesperrt');
    // Any other 502 is still the device being away.
    expect(errorReason(intl, answer(502, { error: 'upstream_unavailable', message: 'x' }))).toBe(
      'Keine Verbindung zum Regler.',
    );
  });
});
