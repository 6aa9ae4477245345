import type { InputHTMLAttributes } from 'react';
import { useIntl } from 'react-intl';
import { FieldError, Input, Label } from '@/components/ui/input';

/** Label, input and its message, wired for screen readers. `error` is a catalogue key. */
export function TextField({
  id,
  label,
  error,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { id: string; label: string; error?: string }) {
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
