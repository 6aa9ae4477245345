import type { ComponentPropsWithRef } from 'react';
import { useIntl } from 'react-intl';
import { TextField } from '@/components/ui/text-field';

/**
 * The account's e-mail address, as the reset screens ask for it: labelled and with a sample
 * address, offered from the browser's autofill, the e-mail keyboard on phones. `error` is a
 * catalogue key.
 */
export function EmailField(
  props: Omit<ComponentPropsWithRef<'input'>, 'type'> & { id: string; error?: string },
) {
  const intl = useIntl();
  return (
    <TextField
      type="email"
      autoComplete="email"
      inputMode="email"
      label={intl.formatMessage({ id: 'passwordReset.email' })}
      placeholder={intl.formatMessage({ id: 'passwordReset.emailPlaceholder' })}
      {...props}
    />
  );
}
