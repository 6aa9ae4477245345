import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { notify, Toaster } from './toast';

describe('toasts', () => {
  it('load on the first toast and show it, in each variant', async () => {
    render(<Toaster theme="light" label="Benachrichtigungen" />);
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    await notify('success', 'Gespeichert');
    expect(await screen.findByText('Gespeichert')).toBeInTheDocument();
    await notify('error', 'Fehlgeschlagen');
    await notify('info', 'Hinweis');
    expect(await screen.findByText('Fehlgeschlagen')).toBeInTheDocument();
    expect(await screen.findByText('Hinweis')).toBeInTheDocument();
  });
});
