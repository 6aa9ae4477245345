import { FormattedMessage } from 'react-intl';
import { Button } from '@/components/ui/button';
import { useEmailForm } from '../hooks/use-email-form';
import { EmailField } from './email-field';

/**
 * The static variant of the first step: it checks the address with the rules (and messages) of
 * the real form, sends nothing, and leads on to the check-email page, which then says that no
 * link was sent and offers to request one.
 */
export function EnterEmailForm({ onContinue }: { onContinue: (email: string) => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useEmailForm();
  return (
    <form
      onSubmit={handleSubmit(({ email }) => onContinue(email))}
      noValidate
      className="flex flex-col gap-4"
    >
      <EmailField id="enter-email" error={errors.email?.message} {...register('email')} />
      <Button type="submit" size="lg">
        <FormattedMessage id="passwordReset.enterEmail.continue" />
      </Button>
    </form>
  );
}
