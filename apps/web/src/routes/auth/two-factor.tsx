import { FormattedMessage } from 'react-intl';
import { paths } from '@/config/paths';
import { TwoFactorForm } from '@/features/auth-layout/components/two-factor-form';
import { BackLink } from '@/features/password-reset/components/back-link';
import { useAuthLayout } from './use-auth-layout';

export default function TwoFactorRoute() {
  const layout = useAuthLayout();
  return (
    <>
      <TwoFactorForm />
      <BackLink to={paths.auth.loginIn(layout)}>
        <FormattedMessage id="authLayout.twoFactor.back" />
      </BackLink>
    </>
  );
}
