import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { LinkButton } from './link-button';
import { TextField } from './text-field';

/** The static variant of the first step: no call, it only leads on to the check-email page. */
export function EnterEmailForm({ checkEmailPath }: { checkEmailPath: (email: string) => string }) {
  const intl = useIntl();
  const [email, setEmail] = useState('');
  return (
    <div className="flex flex-col gap-4">
      <TextField
        id="enter-email"
        type="email"
        autoComplete="email"
        inputMode="email"
        label={intl.formatMessage({ id: 'passwordReset.email' })}
        placeholder={intl.formatMessage({ id: 'passwordReset.emailPlaceholder' })}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <LinkButton to={checkEmailPath(email.trim())}>
        <FormattedMessage id="passwordReset.enterEmail.continue" />
      </LinkButton>
    </div>
  );
}
