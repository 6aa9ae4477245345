import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderAuth } from './test-harness';

const api = setupServer(
  http.get('*/api/app-config', () => HttpResponse.json({ buildingName: 'Musterhaus' })),
);
beforeAll(() => api.listen({ onUnhandledRequest: 'error' }));
afterEach(() => api.resetHandlers());
afterAll(() => api.close());

const back = { en: 'Back to sign in', de: 'Zurück zur Anmeldung' } as const;
const cases = [
  {
    locale: 'en',
    step: 'change?token=abc&email=demo%40example.com',
    request: 'Request a new link',
    query: '',
  },
  {
    locale: 'de',
    step: 'change?token=abc&email=demo%40example.com',
    request: 'Neuen Link anfordern',
    query: '',
  },
  // Reached without a request (the static form): nothing was sent, so it offers to request one
  // for the address given.
  {
    locale: 'en',
    step: 'check-email?email=demo%40example.com',
    request: 'Request a reset link',
    query: '?email=demo%40example.com',
  },
  {
    locale: 'de',
    step: 'check-email?email=demo%40example.com',
    request: 'Link zum Zurücksetzen anfordern',
    query: '?email=demo%40example.com',
  },
] as const;

describe.each(['/auth', '/auth/classic'])('the screens around the mailed link in %s', (frame) => {
  it.each(cases)(
    '$step ($locale): a new link in its own words, and back to sign in',
    async ({ locale, step, request, query }) => {
      renderAuth(`${frame}/reset-password/${step}`, locale);
      expect(await screen.findByRole('link', { name: request })).toHaveAttribute(
        'href',
        `${frame}/reset-password${query}`,
      );
      expect(screen.getByRole('link', { name: back[locale] })).toHaveAttribute(
        'href',
        `${frame}/login`,
      );
    },
  );
});
