import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { TestProviders } from '@/lib/testing';
import { NewLinkFooter } from './new-link-footer';

describe('NewLinkFooter', () => {
  it('links to a new request with the given words and back to sign in', async () => {
    render(
      <TestProviders>
        <MemoryRouter>
          <NewLinkFooter
            requestPath="/auth/classic/reset-password"
            requestLabel="Neuen Link anfordern"
            signInPath="/auth/classic/login"
          />
        </MemoryRouter>
      </TestProviders>,
    );
    const links = await screen.findAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Neuen Link anfordern',
      'Zurück zur Anmeldung',
    ]);
    expect(screen.getByRole('link', { name: 'Neuen Link anfordern' })).toHaveAttribute(
      'href',
      '/auth/classic/reset-password',
    );
    expect(screen.getByRole('link', { name: 'Zurück zur Anmeldung' })).toHaveAttribute(
      'href',
      '/auth/classic/login',
    );
  });
});
