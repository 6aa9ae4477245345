import { FormattedMessage } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { ChangePasswordForm } from '@/features/password-reset/components/change-password-form';
import { NewLinkFooter } from '@/features/password-reset/components/new-link-footer';
import { DocumentTitle } from '@/lib/document-title';
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
      <DocumentTitle id="passwordReset.change.title" />
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
      <NewLinkFooter
        requestPath={paths.auth.resetPassword(layout)}
        requestLabel={<FormattedMessage id="passwordReset.change.requestNew" />}
        signInPath={paths.auth.loginIn(layout)}
      />
    </>
  );
}
