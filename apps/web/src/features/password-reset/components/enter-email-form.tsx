import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { EmailField } from './email-field';
import { LinkButton } from './link-button';

/** The static variant of the first step: no call, it only leads on to the check-email page. */
export function EnterEmailForm({ checkEmailPath }: { checkEmailPath: (email: string) => string }) {
  const [email, setEmail] = useState('');
  return (
    <div className="flex flex-col gap-4">
      <EmailField
        id="enter-email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <LinkButton to={checkEmailPath(email.trim())}>
        <FormattedMessage id="passwordReset.enterEmail.continue" />
      </LinkButton>
    </div>
  );
}
