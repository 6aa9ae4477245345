import { NEW_PASSWORD_MAX, NEW_PASSWORD_MIN } from '@raumregler/contract';
import { describe, expect, it } from 'vitest';
import { confirmationRule, isEmail, newPasswordRule, rulesResolver, textRule } from './form-rules';
import { catalogs } from './testing-catalogs';

const options = { fields: {}, shouldUseNativeValidation: false };

describe('textRule', () => {
  const rule = textRule({ required: 'required', min: [3, 'min'], max: [5, 'max'] });
  it('checks required, then the minimum, then the maximum', () => {
    expect(rule('')).toBe('required');
    expect(rule(undefined)).toBe('required');
    expect(rule('ab')).toBe('min');
    expect(rule('abc')).toBeNull();
    expect(rule('abcde')).toBeNull();
    expect(rule('abcdef')).toBe('max');
  });
});

describe('isEmail', () => {
  it('accepts the HTML standard’s addresses and nothing else', () => {
    expect(isEmail('anna@example.com')).toBe(true);
    expect(isEmail('a.b+c@sub.example.de')).toBe(true);
    expect(isEmail('anna@')).toBe(false);
    expect(isEmail('anna example.com')).toBe(false);
    expect(isEmail('anna@-example.com')).toBe(false);
  });
});

describe('rulesResolver', () => {
  const resolver = rulesResolver<{ name: string; again: string }>(
    {
      name: textRule({ required: 'name.required' }),
      again: (value, values) => (value === values.name ? null : 'again.match'),
    },
    (values) => ({ ...values, name: values.name.trim() }),
  );

  it('answers the prepared values when every rule holds', async () => {
    await expect(
      Promise.resolve(resolver({ name: ' x ', again: 'x' }, undefined, options)),
    ).resolves.toEqual({
      values: { name: 'x', again: 'x' },
      errors: {},
    });
  });

  it('answers one message per broken field and no values', async () => {
    await expect(
      Promise.resolve(resolver({ name: '  ', again: 'y' }, undefined, options)),
    ).resolves.toEqual({
      values: {},
      errors: {
        name: { type: 'validate', message: 'name.required' },
        again: { type: 'validate', message: 'again.match' },
      },
    });
  });
});

describe('newPasswordRule', () => {
  it('takes what the server and the sign-in form take: the contract’s 6 to 50 characters', () => {
    expect(newPasswordRule('')).toBe('password.validation.required');
    expect(newPasswordRule('a'.repeat(NEW_PASSWORD_MIN - 1))).toBe('password.validation.min');
    expect(newPasswordRule('a'.repeat(NEW_PASSWORD_MIN))).toBeNull();
    expect(newPasswordRule('a'.repeat(NEW_PASSWORD_MAX))).toBeNull();
    expect(newPasswordRule('a'.repeat(NEW_PASSWORD_MAX + 1))).toBe('password.validation.max');
  });

  it('says the bounds in both languages', () => {
    for (const messages of Object.values(catalogs)) {
      expect(messages['password.validation.min']).toContain(String(NEW_PASSWORD_MIN));
      expect(messages['password.validation.max']).toContain(String(NEW_PASSWORD_MAX));
    }
  });
});

describe('confirmationRule', () => {
  it('asks for the confirmation before it compares', () => {
    expect(confirmationRule('', 'geheim1')).toBe('password.validation.confirmRequired');
    expect(confirmationRule('geheim2', 'geheim1')).toBe('password.validation.confirmMatch');
    expect(confirmationRule('geheim1', 'geheim1')).toBeNull();
  });
});
