import { paths } from '@/config/paths';
import { PasswordChanged } from '@/features/password-reset/components/password-changed';
import { useAuthLayout } from './use-auth-layout';

export default function ResetChangedRoute() {
  const layout = useAuthLayout();
  return <PasswordChanged signInPath={paths.auth.loginIn(layout)} />;
}
