import { useForm } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { SubmitButton } from '@/components/ui/submit-button';
import { TextField } from '@/components/ui/text-field';
import { notify } from '@/components/ui/toast';
import type { ApiError } from '@/lib/api-error';
import { useChangePassword } from '../api/change-password';
import { changePasswordResolver, type ChangePasswordValues } from '../utils/validation';

/** What a failed change tells the user: the server's own words when it sent some, else ours. */
function failureText(error: unknown, fallback: string): string {
  const { status, message } = (error ?? {}) as ApiError;
  if (typeof status !== 'number' || !message || message === 'An error occurred.') return fallback;
  return message;
}

/**
 * "Mein Konto": the signed-in user sets a new password. The current password is typed, not
 * taken from the stored sign-in: it authenticates the change, so a browser left signed in does
 * not let anyone take over the account. `onChanged` gets the new password, for the stored
 * sign-in to go on with.
 */
export function ChangePasswordForm({
  username,
  onChanged,
}: {
  username: string;
  onChanged: (password: string) => void;
}) {
  const intl = useIntl();
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    trigger,
    getFieldState,
    setError,
    setFocus,
    reset,
    formState: { errors },
  } = useForm<ChangePasswordValues>({
    resolver: changePasswordResolver,
    mode: 'all',
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword, confirmPassword }) => {
    try {
      await change.mutateAsync({
        user: username,
        password: currentPassword,
        new_password: newPassword,
        new_password_confirmation: confirmPassword,
      });
    } catch (error) {
      // A wrong current password is the sign-in's 401: said at its field, not as a failure.
      if ((error as ApiError).status === 401) {
        change.reset();
        setError('currentPassword', { message: 'account.password.currentWrong' });
        setFocus('currentPassword');
      }
      return;
    }
    onChanged(newPassword);
    reset();
    void notify('success', intl.formatMessage({ id: 'account.password.changed' }));
  });

  return (
    <Card className="p-5 sm:p-6">
      <section aria-labelledby="change-password" className="max-w-md">
        <h2 id="change-password" className="text-base font-semibold">
          <FormattedMessage id="account.password.title" />
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          <FormattedMessage id="account.password.text" />
        </p>
        <form onSubmit={onSubmit} noValidate className="mt-5 flex flex-col gap-4">
          {change.isError && (
            <Alert variant="danger">
              {failureText(change.error, intl.formatMessage({ id: 'account.password.failed' }))}
            </Alert>
          )}
          {/* Lets a password manager file the new password under the right account. */}
          <input type="hidden" name="username" autoComplete="username" value={username} readOnly />
          <TextField
            id="current-password"
            type="password"
            autoComplete="current-password"
            label={intl.formatMessage({ id: 'account.password.current' })}
            error={errors.currentPassword?.message}
            {...register('currentPassword')}
          />
          <TextField
            id="new-password"
            type="password"
            autoComplete="new-password"
            label={intl.formatMessage({ id: 'account.password.new' })}
            error={errors.newPassword?.message}
            {...register('newPassword', {
              // Keep "must match" honest while the first field changes, once the second was used.
              onChange: () => {
                if (getFieldState('confirmPassword').isTouched) void trigger('confirmPassword');
              },
            })}
          />
          <TextField
            id="confirm-password"
            type="password"
            autoComplete="new-password"
            label={intl.formatMessage({ id: 'account.password.confirm' })}
            error={errors.confirmPassword?.message}
            {...register('confirmPassword')}
          />
          <SubmitButton
            className="self-start"
            pending={change.isPending}
            pendingLabel={intl.formatMessage({ id: 'account.password.saving' })}
          >
            <FormattedMessage id="account.password.submit" />
          </SubmitButton>
        </form>
      </section>
    </Card>
  );
}
