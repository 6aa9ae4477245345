import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { TestProviders } from '@/lib/testing';
import { newPasswordResolver, type NewPasswordValues } from '../utils/validation';
import { NewPasswordField } from './new-password-field';

function RegisteredPassword() {
  const {
    register,
    formState: { errors },
  } = useForm<NewPasswordValues>({
    resolver: newPasswordResolver,
    mode: 'all',
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  return (
    <NewPasswordField
      id="new-password"
      label="Neues Passwort"
      error={errors.newPassword?.message}
      {...register('newPassword')}
    />
  );
}

describe('NewPasswordField', () => {
  it('is a masked field a password manager fills with a new password', () => {
    render(
      <TestProviders>
        <NewPasswordField id="confirm-password" label="Neues Passwort bestätigen" />
      </TestProviders>,
    );
    const field = screen.getByLabelText('Neues Passwort bestätigen');
    expect(field).toHaveAttribute('id', 'confirm-password');
    expect(field).toHaveAttribute('type', 'password');
    expect(field).toHaveAttribute('autocomplete', 'new-password');
    expect(field).not.toHaveAttribute('aria-invalid');
  });

  it('shows its validation message, described by it, when registered in a form', async () => {
    const user = userEvent.setup();
    render(
      <TestProviders>
        <RegisteredPassword />
      </TestProviders>,
    );
    const field = await screen.findByLabelText('Neues Passwort');
    await user.type(field, 'kurz');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Das Passwort muss mindestens 6 Zeichen lang sein');
    await user.type(field, '12');
    expect(field).not.toHaveAttribute('aria-invalid');
    expect(field).not.toHaveAccessibleDescription();
  });
});
