import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/components/auth-provider';
import { ChangePasswordForm } from '@/features/password-reset/components/change-password-form';
import { LinkButton } from '@/features/password-reset/components/link-button';
import { ScreenHeading } from '@/features/password-reset/components/screen-heading';
import { Alert } from '@/components/ui/alert';
import { DocumentTitle } from '@/lib/document-title';
import { useAuthLayout } from './use-auth-layout';

/**
 * Issue 34: a new member's invitation link (`?token=…&email=…&user=…`). The reset page's form
 * with its own words; the token is an invitation token (7 days). Once the password is set the
 * member is signed in with it and lands on their rooms.
 */
export default function InvitationRoute() {
  const layout = useAuthLayout();
  const navigate = useNavigate();
  const { login } = useAuth();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const email = params.get('email')?.trim() ?? '';
  const username = params.get('user')?.trim() ?? '';
  const [signInFailed, setSignInFailed] = useState(false);

  const signIn = async (password: string) => {
    if (username === '') {
      navigate(paths.auth.loginIn(layout), { replace: true });
      return;
    }
    try {
      await login({ username, password, remember: true });
      navigate(paths.home, { replace: true });
    } catch {
      setSignInFailed(true);
    }
  };

  return (
    <>
      <DocumentTitle id="invitation.title" />
      <ScreenHeading title={<FormattedMessage id="invitation.title" />}>
        {username ? (
          <FormattedMessage
            id="invitation.text"
            values={{ username: <strong className="font-semibold break-words">{username}</strong> }}
          />
        ) : (
          <FormattedMessage id="invitation.textNoName" />
        )}
      </ScreenHeading>
      {signInFailed ? (
        <div className="flex flex-col gap-4">
          <Alert variant="success">
            <FormattedMessage id="invitation.signInFailed" />
          </Alert>
          <LinkButton to={paths.auth.loginIn(layout)}>
            <FormattedMessage id="passwordReset.changed.signIn" />
          </LinkButton>
        </div>
      ) : (
        <ChangePasswordForm
          token={token}
          email={email}
          submitLabel={<FormattedMessage id="invitation.submit" />}
          onChanged={signIn}
        />
      )}
      <p className="mt-4 text-sm text-slate-600 dark:text-slate-300">
        <FormattedMessage id="invitation.expiredHint" />
      </p>
    </>
  );
}
