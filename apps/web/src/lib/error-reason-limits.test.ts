import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { de } from './catalog-de';
import { en } from './catalog-en';
import { errorReason } from './error-reason';

const german = createIntl({ locale: 'de', messages: de });
const english = createIntl({ locale: 'en', messages: en });

/** The server's refusal of a target outside the room's limits (decision 0075). */
const outside = (field: 'ziel' | 'soll') => {
  const message = `${field} is outside this room's limits (erlaubt 16,0–23,0 °C).`;
  return {
    status: 400,
    error: 'outside_room_limits',
    message,
    messages: { [field]: [message] },
  };
};

describe('errorReason: room limits and scope (issue 34)', () => {
  it('names the limits of a refused target in German and English', () => {
    expect(errorReason(german, outside('ziel'))).toBe('Erlaubt sind 16,0–23,0 °C in diesem Raum.');
    expect(errorReason(german, outside('soll'))).toBe('Erlaubt sind 16,0–23,0 °C in diesem Raum.');
    expect(errorReason(english, outside('ziel'))).toBe('16.0–23.0 °C allowed in this room.');
  });

  it('reads half degrees and says the refusal even without limits in the message', () => {
    const half = {
      status: 400,
      error: 'outside_room_limits',
      message: "ziel is outside this room's limits (erlaubt 16,5–22,5 °C).",
    };
    expect(errorReason(german, half)).toBe('Erlaubt sind 16,5–22,5 °C in diesem Raum.');
    expect(errorReason(english, { status: 400, error: 'outside_room_limits', message: '' })).toBe(
      "The target is outside this room's limits.",
    );
  });

  it('says a room outside the scope is not theirs', () => {
    const refusal = {
      status: 403,
      error: 'forbidden',
      message: 'You may not see or change this room.',
    };
    expect(errorReason(german, refusal)).toBe('Dieser Raum gehört nicht zu Ihren Räumen.');
    expect(errorReason(english, refusal)).toBe('This room is not one of your rooms.');
  });
});
