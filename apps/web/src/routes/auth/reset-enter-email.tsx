import { FormattedMessage } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { BackLink } from '@/features/password-reset/components/back-link';
import { EnterEmailForm } from '@/features/password-reset/components/enter-email-form';
import { DocumentTitle } from '@/lib/document-title';
import { ScreenHeading } from '@/features/password-reset/components/screen-heading';
import { useAuthLayout } from './use-auth-layout';

export default function ResetEnterEmailRoute() {
  const layout = useAuthLayout();
  const navigate = useNavigate();
  return (
    <>
      <DocumentTitle id="passwordReset.enterEmail.title" />
      <ScreenHeading title={<FormattedMessage id="passwordReset.enterEmail.title" />}>
        <FormattedMessage id="passwordReset.enterEmail.text" />
      </ScreenHeading>
      <EnterEmailForm
        onContinue={(email) => void navigate(paths.auth.resetCheckEmail(email, layout))}
      />
      <p className="mt-4 text-sm text-slate-700 dark:text-slate-200">
        <FormattedMessage id="passwordReset.enterEmail.realFlow" />{' '}
        <Link
          to={paths.auth.resetPassword(layout)}
          className="font-medium text-teal-700 hover:underline dark:text-teal-300"
        >
          <FormattedMessage id="passwordReset.enterEmail.realFlowLink" />
        </Link>
      </p>
      <BackLink to={paths.auth.loginIn(layout)}>
        <FormattedMessage id="passwordReset.backToSignIn" />
      </BackLink>
    </>
  );
}
