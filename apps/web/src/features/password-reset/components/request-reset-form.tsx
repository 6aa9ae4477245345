import { FormattedMessage, useIntl } from 'react-intl';
import { Alert } from '@/components/ui/alert';
import { SubmitButton } from '@/components/ui/submit-button';
import { useForgotPassword } from '../api/forgot-password';
import { failureMessage } from '../utils/failure-message';
import { useEmailForm } from '../hooks/use-email-form';
import { EmailField } from './email-field';

/** Step one of the reset: the address the link goes to (`defaultEmail` fills it in). */
export function RequestResetForm({
  onSent,
  defaultEmail = '',
}: {
  onSent: (email: string) => void;
  defaultEmail?: string;
}) {
  const intl = useIntl();
  const forgot = useForgotPassword();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useEmailForm(defaultEmail);

  const onSubmit = handleSubmit(async ({ email }) => {
    try {
      await forgot.mutateAsync({ email });
      onSent(email);
    } catch {
      // The mutation holds the error; it is shown below.
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      {forgot.isError && (
        <Alert variant="danger">
          {failureMessage(forgot.error, intl.formatMessage({ id: 'passwordReset.failed' }))}
        </Alert>
      )}
      <EmailField id="reset-email" error={errors.email?.message} {...register('email')} />
      <SubmitButton
        size="lg"
        pending={forgot.isPending}
        pendingLabel={intl.formatMessage({ id: 'passwordReset.sending' })}
      >
        <FormattedMessage id="passwordReset.request.submit" />
      </SubmitButton>
    </form>
  );
}
