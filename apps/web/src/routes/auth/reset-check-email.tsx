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
  return (
    <>
      <CheckEmail email={params.get('email')?.trim() ?? ''} sent={sent} />
      <NewLinkFooter
        requestPath={paths.auth.resetPassword(layout)}
        requestLabel={<FormattedMessage id="passwordReset.checkEmail.again" />}
        signInPath={paths.auth.loginIn(layout)}
      />
    </>
  );
}
