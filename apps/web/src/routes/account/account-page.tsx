import { FormattedMessage } from 'react-intl';
import { ChangePasswordForm } from '@/features/account/components/change-password-form';
import { useAuth } from '@/features/auth/components/auth-provider';

/** `/account` ("Mein Konto", issue 31): the signed-in user's own account, its password. */
export default function AccountRoute() {
  const { auth, updatePassword } = useAuth();
  return (
    <div>
      <h1 className="text-2xl font-semibold tracking-tight">
        <FormattedMessage id="account.title" />
      </h1>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        <FormattedMessage id="account.subtitle" values={{ username: auth?.username ?? '' }} />
      </p>
      <div className="mt-6 flex flex-col gap-5">
        <ChangePasswordForm username={auth?.username ?? ''} onChanged={updatePassword} />
      </div>
    </div>
  );
}
