import { describe, expect, it } from 'vitest';
import { NEW_PASSWORD_MAX, NEW_PASSWORD_MIN, newPasswordProblem } from './passwords.js';

describe('newPasswordProblem', () => {
  it('takes 6 to 50 characters, the lengths the sign-in form takes', () => {
    expect([NEW_PASSWORD_MIN, NEW_PASSWORD_MAX]).toEqual([6, 50]);
    expect(newPasswordProblem('a'.repeat(6))).toBeNull();
    expect(newPasswordProblem('a'.repeat(50))).toBeNull();
  });

  it('names what is wrong: missing, too short, too long', () => {
    expect(newPasswordProblem('')).toBe('required');
    expect(newPasswordProblem(undefined)).toBe('required');
    expect(newPasswordProblem('a'.repeat(5))).toBe('min');
    expect(newPasswordProblem('a'.repeat(51))).toBe('max');
  });

  it('counts a character outside the BMP once for the minimum, twice for the maximum', () => {
    // Three emoji are six UTF-16 units but three characters: too short.
    expect(newPasswordProblem('😀😀😀')).toBe('min');
    // 26 emoji are 52 units: more than the sign-in form's 50.
    expect(newPasswordProblem('😀'.repeat(26))).toBe('max');
    expect(newPasswordProblem('😀'.repeat(25))).toBeNull();
  });
});
