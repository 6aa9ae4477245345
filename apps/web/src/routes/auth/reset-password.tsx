import { FormattedMessage } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { BackLink } from '@/features/password-reset/components/back-link';
import { RequestResetForm } from '@/features/password-reset/components/request-reset-form';
import { DocumentTitle } from '@/lib/document-title';
import { ScreenHeading } from '@/features/password-reset/components/screen-heading';
import { useAuthLayout } from './use-auth-layout';

export default function ResetPasswordRoute() {
  const layout = useAuthLayout();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return (
    <>
      <DocumentTitle id="passwordReset.request.title" />
      <ScreenHeading title={<FormattedMessage id="passwordReset.request.title" />}>
        <FormattedMessage id="passwordReset.request.text" />
      </ScreenHeading>
      <RequestResetForm
        defaultEmail={params.get('email')?.trim() ?? ''}
        onSent={(email) =>
          navigate(paths.auth.resetCheckEmail(email, layout), { state: { sent: true } })
        }
      />
      <BackLink to={paths.auth.loginIn(layout)}>
        <FormattedMessage id="passwordReset.backToSignIn" />
      </BackLink>
    </>
  );
}
