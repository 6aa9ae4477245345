import { FormattedMessage } from 'react-intl';
import { Link, useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useAppConfig } from '@/features/auth/api/get-app-config';
import { LoginForm } from '@/features/auth/components/login-form';
import { DocumentTitle } from '@/lib/document-title';

/**
 * The sign-in content only: the auth layouts (/auth branded, /auth/classic plain) frame it.
 * After signing in the user goes back to where the signed-in layout sent them away from.
 */
export default function LoginRoute() {
  const navigate = useNavigate();
  const location = useLocation();
  const config = useAppConfig();
  const from = (location.state as { from?: string } | null)?.from ?? paths.home;
  return (
    <div className="w-full">
      <DocumentTitle id="auth.login.title" />
      <h1 className="mb-1 text-2xl font-semibold tracking-tight">
        <FormattedMessage id="auth.login.title" />
      </h1>
      <p className="mb-6 text-sm text-slate-600 dark:text-slate-400">
        <FormattedMessage
          id="auth.login.subtitle"
          values={{ building: config.data?.buildingName ?? 'Raumregler' }}
        />
      </p>
      <LoginForm onSignedIn={() => navigate(from, { replace: true })} />
      <p className="mt-4 text-center text-sm">
        <Link
          to={paths.auth.resetPassword()}
          className="font-medium text-teal-700 underline-offset-4 hover:underline dark:text-teal-400"
        >
          <FormattedMessage id="auth.login.forgot" />
        </Link>
      </p>
    </div>
  );
}
