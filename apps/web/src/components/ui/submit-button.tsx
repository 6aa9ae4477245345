import type { ReactNode } from 'react';
import { Button, type ButtonProps } from './button';
import { Spinner } from './spinner';

/**
 * A form's submit button that stands still while the form's request runs: disabled, and a spinner
 * in place of its words, whose `pendingLabel` a screen reader hears (e.g. "Wird gesendet …").
 */
export function SubmitButton({
  pending,
  pendingLabel,
  disabled,
  children,
  ...props
}: Omit<ButtonProps, 'type'> & { pending: boolean; pendingLabel: string; children: ReactNode }) {
  return (
    <Button type="submit" disabled={pending || disabled} {...props}>
      {pending ? <Spinner label={pendingLabel} /> : children}
    </Button>
  );
}
