import { FormattedMessage } from 'react-intl';
import { Link, useLocation, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { BackLink } from '@/features/password-reset/components/back-link';
import { CheckEmail } from '@/features/password-reset/components/check-email';
import { useAuthLayout } from './use-auth-layout';

export default function ResetCheckEmailRoute() {
  const layout = useAuthLayout();
  const [params] = useSearchParams();
  const location = useLocation();
  const sent = (location.state as { sent?: boolean } | null)?.sent === true;
  return (
    <>
      <CheckEmail email={params.get('email')?.trim() ?? ''} sent={sent} />
      <p className="mt-4 text-sm">
        <Link
          to={paths.auth.resetPassword(layout)}
          className="font-medium text-teal-700 hover:underline dark:text-teal-300"
        >
          <FormattedMessage id="passwordReset.checkEmail.again" />
        </Link>
      </p>
      <BackLink to={paths.auth.loginIn(layout)}>
        <FormattedMessage id="passwordReset.backToSignIn" />
      </BackLink>
    </>
  );
}
