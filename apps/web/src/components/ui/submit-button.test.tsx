import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SubmitButton } from './submit-button';

describe('SubmitButton', () => {
  it('submits with its words while idle', () => {
    render(
      <SubmitButton pending={false} pendingLabel="Wird gesendet …">
        Link senden
      </SubmitButton>,
    );
    const button = screen.getByRole('button', { name: 'Link senden' });
    expect(button).toHaveAttribute('type', 'submit');
    expect(button).toBeEnabled();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('is disabled and announces the pending label while the request runs', () => {
    render(
      <SubmitButton pending pendingLabel="Wird gesendet …">
        Link senden
      </SubmitButton>,
    );
    const button = screen.getByRole('button', { name: 'Wird gesendet …' });
    expect(button).toBeDisabled();
    expect(button).not.toHaveTextContent('Link senden');
    expect(screen.getByRole('status')).toHaveTextContent('Wird gesendet …');
  });

  it('stays disabled when the form disables it, pending or not', () => {
    render(
      <SubmitButton pending={false} pendingLabel="Wird gesendet …" disabled>
        Link senden
      </SubmitButton>,
    );
    expect(screen.getByRole('button', { name: 'Link senden' })).toBeDisabled();
  });
});
