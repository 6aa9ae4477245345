import { useForm } from 'react-hook-form';
import { emailResolver, type EmailValues } from '../utils/validation';

/**
 * The address form of both first steps (the working request and the static one): the same rules
 * and messages, checked while typing, on leaving the field and on submit.
 */
export function useEmailForm(defaultEmail = '') {
  return useForm<EmailValues>({
    resolver: emailResolver,
    mode: 'all',
    defaultValues: { email: defaultEmail },
  });
}
