import { describe, expect, it } from 'vitest';
import { isEmail, rulesResolver, textRule } from './form-rules';

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
