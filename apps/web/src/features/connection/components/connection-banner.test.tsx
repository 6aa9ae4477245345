import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { showLastRooms } from '@/lib/last-rooms';
import { TestProviders } from '@/lib/testing';
import { ConnectionBanner } from './connection-banner';

afterEach(() => act(() => showLastRooms(null)));

describe('the connection banner with the last known rooms (issue 32)', () => {
  it('says "Stand HH:MM" for rooms of today, with the date for older ones, and goes with live rooms', () => {
    render(
      <TestProviders>
        <ConnectionBanner />
      </TestProviders>,
    );
    expect(screen.queryByRole('alert')).toBeNull();
    const today = new Date();
    today.setHours(7, 40, 0, 0);
    act(() => showLastRooms(today.getTime()));
    expect(screen.getByRole('alert')).toHaveTextContent('Keine Verbindung zum Regler.');
    expect(screen.getByTestId('last-known-rooms')).toHaveTextContent(
      /^Stand 07:40: die zuletzt bekannten Werte\./,
    );
    act(() => showLastRooms(new Date(2026, 0, 5, 18, 5).getTime()));
    expect(screen.getByTestId('last-known-rooms')).toHaveTextContent(/^Stand 05\.01\.2026, 18:05:/);
    act(() => showLastRooms(null));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
