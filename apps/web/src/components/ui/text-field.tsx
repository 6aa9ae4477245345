import type { ComponentPropsWithRef } from 'react';
import { useIntl } from 'react-intl';
import { FieldError, Input, Label } from './input';

/**
 * Label, input and its message, wired for screen readers: the sign-in and reset forms' field.
 * `error` is a catalogue key.
 */
export function TextField({
  id,
  label,
  error,
  ...input
}: ComponentPropsWithRef<'input'> & { id: string; label: string; error?: string }) {
  const intl = useIntl();
  const errorId = `${id}-error`;
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...input}
      />
      <FieldError id={errorId}>{error ? intl.formatMessage({ id: error }) : null}</FieldError>
    </div>
  );
}
