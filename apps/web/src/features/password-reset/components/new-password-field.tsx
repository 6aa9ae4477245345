import type { ComponentPropsWithRef } from 'react';
import { TextField } from '@/components/ui/text-field';

/**
 * A field for the new password or its confirmation: masked, and marked `new-password` so that a
 * password manager offers to generate one and saves it under the account. `error` is a
 * catalogue key.
 */
export function NewPasswordField(
  props: Omit<ComponentPropsWithRef<'input'>, 'type' | 'autoComplete'> & {
    id: string;
    label: string;
    error?: string;
  },
) {
  return <TextField type="password" autoComplete="new-password" {...props} />;
}
