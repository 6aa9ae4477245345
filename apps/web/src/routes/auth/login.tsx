import { FormattedMessage } from 'react-intl';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useAppConfig } from '@/features/auth/api/get-app-config';
import { LoginForm } from '@/features/auth/components/login-form';

export default function LoginRoute() {
  const navigate = useNavigate();
  const location = useLocation();
  const config = useAppConfig();
  const from = (location.state as { from?: string } | null)?.from ?? paths.home;
  return (
    <main className="flex min-h-screen items-center justify-center p-4">
      <div className="w-full max-w-sm rounded-xl bg-white p-6 shadow dark:bg-slate-900">
        <h1 className="mb-1 text-2xl font-semibold">
          <FormattedMessage id="auth.login.title" />
        </h1>
        <p className="mb-6 text-sm text-slate-600 dark:text-slate-400">
          <FormattedMessage
            id="auth.login.subtitle"
            values={{ building: config.data?.buildingName ?? 'Raumregler' }}
          />
        </p>
        <LoginForm onSignedIn={() => navigate(from, { replace: true })} />
      </div>
    </main>
  );
}
