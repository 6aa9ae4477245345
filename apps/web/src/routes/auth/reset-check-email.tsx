import { FormattedMessage } from 'react-intl';
import { useLocation, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { CheckEmail } from '@/features/password-reset/components/check-email';
import { NewLinkFooter } from '@/features/password-reset/components/new-link-footer';
import { useAuthLayout } from './use-auth-layout';

export default function ResetCheckEmailRoute() {
  const layout = useAuthLayout();
  const [params] = useSearchParams();
  const location = useLocation();
  const sent = (location.state as { sent?: boolean } | null)?.sent === true;
  const email = params.get('email')?.trim() ?? '';
  return (
    <>
      <CheckEmail email={email} sent={sent} />
      <NewLinkFooter
        // Reached without a request (the static form), no link went out: offer to send one.
        requestPath={
          sent ? paths.auth.resetPassword(layout) : paths.auth.resetPassword(layout, email)
        }
        requestLabel={
          <FormattedMessage
            id={sent ? 'passwordReset.checkEmail.again' : 'passwordReset.checkEmail.request'}
          />
        }
        signInPath={paths.auth.loginIn(layout)}
      />
    </>
  );
}
