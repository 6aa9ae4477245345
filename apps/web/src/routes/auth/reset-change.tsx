import { FormattedMessage } from 'react-intl';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { BackLink } from '@/features/password-reset/components/back-link';
import { ChangePasswordForm } from '@/features/password-reset/components/change-password-form';
import { ScreenHeading } from '@/features/password-reset/components/screen-heading';
import { useAuthLayout } from './use-auth-layout';

export default function ResetChangeRoute() {
  const layout = useAuthLayout();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const email = params.get('email')?.trim() ?? '';
  return (
    <>
      <ScreenHeading title={<FormattedMessage id="passwordReset.change.title" />}>
        {email && (
          <FormattedMessage
            id="passwordReset.change.text"
            values={{ email: <strong className="font-semibold break-words">{email}</strong> }}
          />
        )}
      </ScreenHeading>
      <ChangePasswordForm
        token={token}
        email={email}
        onChanged={() => navigate(paths.auth.resetChanged(layout), { replace: true })}
      />
      <p className="mt-4 text-sm">
        <Link
          to={paths.auth.resetPassword(layout)}
          className="font-medium text-teal-700 hover:underline dark:text-teal-300"
        >
          <FormattedMessage id="passwordReset.change.requestNew" />
        </Link>
      </p>
      <BackLink to={paths.auth.loginIn(layout)}>
        <FormattedMessage id="passwordReset.backToSignIn" />
      </BackLink>
    </>
  );
}
