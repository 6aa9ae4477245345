import { roomLimitProblem, type RoomLimits } from '@raumregler/contract';

/** What the limits fields hold, as typed ("16", "22,5", "" for none). */
export interface LimitsInput {
  min: string;
  max: string;
}

export type LimitsInputResult =
  { ok: true; limits: RoomLimits | null } | { ok: false; field: 'min' | 'max'; error: string };

const readLimit = (text: string): number | null => {
  const trimmed = text.trim();
  if (!/^\d+([.,]\d+)?$/.test(trimmed)) return null;
  return Number(trimmed.replace(',', '.'));
};

/**
 * The limits a form's two fields say, checked as the server checks them (the contract's
 * `roomLimitProblem`): both empty = none; one alone, a bad number, outside 5–30 °C, off the
 * 0.5 °C grid, or min above max is refused with a catalogue key for the field.
 */
export function parseLimitsInput(input: LimitsInput): LimitsInputResult {
  const minText = input.min.trim();
  const maxText = input.max.trim();
  if (minText === '' && maxText === '') return { ok: true, limits: null };
  if (minText === '') return { ok: false, field: 'min', error: 'limits.error.both' };
  if (maxText === '') return { ok: false, field: 'max', error: 'limits.error.both' };
  const values = { min: readLimit(minText), max: readLimit(maxText) };
  for (const field of ['min', 'max'] as const) {
    const value = values[field];
    if (value === null) return { ok: false, field, error: 'limits.error.number' };
    const problem = roomLimitProblem(value);
    if (problem)
      return {
        ok: false,
        field,
        error: problem.includes('steps') ? 'limits.error.step' : 'limits.error.range',
      };
  }
  const limits = { min: values.min!, max: values.max! };
  if (limits.min > limits.max) return { ok: false, field: 'min', error: 'limits.error.order' };
  return { ok: true, limits };
}

/** The fields' start: the room's limits as typed in the user's language, or empty. */
export const limitsInputOf = (
  limits: RoomLimits | null | undefined,
  format: (value: number) => string,
): LimitsInput =>
  limits ? { min: format(limits.min), max: format(limits.max) } : { min: '', max: '' };
