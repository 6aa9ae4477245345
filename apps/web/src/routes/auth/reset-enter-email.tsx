import { FormattedMessage } from 'react-intl';
import { paths } from '@/config/paths';
import { BackLink } from '@/features/password-reset/components/back-link';
import { EnterEmailForm } from '@/features/password-reset/components/enter-email-form';
import { ScreenHeading } from '@/features/password-reset/components/screen-heading';
import { useAuthLayout } from './use-auth-layout';

export default function ResetEnterEmailRoute() {
  const layout = useAuthLayout();
  return (
    <>
      <ScreenHeading title={<FormattedMessage id="passwordReset.enterEmail.title" />}>
        <FormattedMessage id="passwordReset.enterEmail.text" />
      </ScreenHeading>
      <EnterEmailForm
        checkEmailPath={(email) => paths.auth.resetCheckEmail(email || undefined, layout)}
      />
      <BackLink to={paths.auth.loginIn(layout)}>
        <FormattedMessage id="passwordReset.backToSignIn" />
      </BackLink>
    </>
  );
}
