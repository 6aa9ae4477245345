import { newPasswordProblem, type NewPasswordProblem } from '@raumregler/contract';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';

/**
 * Form validation without a schema library: each field's rule answers the catalogue key of its
 * first broken rule, or null. Hand-written because yup and its resolver were about a third of the
 * login page's script; the rules here are the few the screens need.
 */
export type FieldRules<T extends FieldValues> = {
  [K in keyof T]?: (value: T[K], values: T) => string | null;
};

/** A react-hook-form resolver over field rules; `prepare` cleans values first (e.g. trims). */
export function rulesResolver<T extends FieldValues>(
  rules: FieldRules<T>,
  prepare: (values: T) => T = (values) => values,
): Resolver<T> {
  return (raw) => {
    const values = prepare(raw);
    const errors: Record<string, { type: string; message: string }> = {};
    for (const name of Object.keys(rules) as (keyof T & string)[]) {
      const message = rules[name]?.(values[name], values) ?? null;
      if (message !== null) errors[name] = { type: 'validate', message };
    }
    return Object.keys(errors).length === 0
      ? { values, errors: {} }
      : { values: {}, errors: errors as FieldErrors<T> };
  };
}

/** Length checks of a text field in the order the messages have priority: required, min, max. */
export function textRule(messages: {
  required: string;
  min?: [number, string];
  max?: [number, string];
}) {
  return (value: unknown): string | null => {
    const text = typeof value === 'string' ? value : '';
    if (text.length === 0) return messages.required;
    if (messages.min && text.length < messages.min[0]) return messages.min[1];
    if (messages.max && text.length > messages.max[0]) return messages.max[1];
    return null;
  };
}

/** The HTML standard's valid e-mail address (the same pattern yup used). */
const EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

export const isEmail = (value: string) => EMAIL.test(value);

const NEW_PASSWORD_MESSAGES: Record<NewPasswordProblem, string> = {
  required: 'password.validation.required',
  min: 'password.validation.min',
  max: 'password.validation.max',
};

/**
 * A new password, by the contract's one rule (6 to 50 characters), the one the server applies
 * on registration, reset links, "Mein Konto" and the command line: what passes here passes
 * there, and the sign-in form takes it. Answers a catalogue key or null.
 */
export function newPasswordRule(value: unknown): string | null {
  const problem = newPasswordProblem(typeof value === 'string' ? value : '');
  return problem ? NEW_PASSWORD_MESSAGES[problem] : null;
}

/** The confirmation of a new password: "please confirm" before "must match" (empty is missing). */
export function confirmationRule(value: string, newPassword: string): string | null {
  if (value === '') return 'password.validation.confirmRequired';
  return value === newPassword ? null : 'password.validation.confirmMatch';
}
