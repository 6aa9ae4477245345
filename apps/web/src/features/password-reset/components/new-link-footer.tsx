import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { BackLink } from './back-link';

/**
 * The foot of the screens around the mailed link (check your mail, set the new password): ask
 * for another link, or go back to sign in. `requestLabel` words the first for its screen.
 */
export function NewLinkFooter({
  requestPath,
  requestLabel,
  signInPath,
}: {
  requestPath: string;
  requestLabel: ReactNode;
  signInPath: string;
}) {
  return (
    <>
      <p className="mt-4 text-sm">
        <Link
          to={requestPath}
          className="font-medium text-teal-700 hover:underline dark:text-teal-300"
        >
          {requestLabel}
        </Link>
      </p>
      <BackLink to={signInPath}>
        <FormattedMessage id="passwordReset.backToSignIn" />
      </BackLink>
    </>
  );
}
