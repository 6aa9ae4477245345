import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { TestProviders } from '@/lib/testing';
import { emailResolver, type EmailValues } from '../utils/validation';
import { EmailField } from './email-field';

function RegisteredEmail() {
  const {
    register,
    formState: { errors },
  } = useForm<EmailValues>({ resolver: emailResolver, mode: 'all', defaultValues: { email: '' } });
  return <EmailField id="reset-email" error={errors.email?.message} {...register('email')} />;
}

describe('EmailField', () => {
  it('is the labelled, autofilled e-mail address field', async () => {
    render(
      <TestProviders>
        <EmailField id="enter-email" />
      </TestProviders>,
    );
    const field = await screen.findByLabelText('E-Mail-Adresse');
    expect(field).toHaveAttribute('id', 'enter-email');
    expect(field).toHaveAttribute('type', 'email');
    expect(field).toHaveAttribute('autocomplete', 'email');
    expect(field).toHaveAttribute('inputmode', 'email');
    expect(field).toHaveAttribute('placeholder', 'name@beispiel.de');
    expect(field).not.toHaveAttribute('aria-invalid');
    expect(field).not.toHaveAccessibleDescription();
  });

  it('shows its validation message, described by it, when registered in a form', async () => {
    const user = userEvent.setup();
    render(
      <TestProviders>
        <RegisteredEmail />
      </TestProviders>,
    );
    const field = await screen.findByLabelText('E-Mail-Adresse');
    await user.type(field, 'abc');
    await user.tab();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Ungültiges E-Mail-Format');
  });
});
