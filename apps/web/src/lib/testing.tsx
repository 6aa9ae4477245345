import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { http as mock, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { I18nProvider } from './i18n';

/** Test helpers: a quiet query client and the providers every component expects. */
export function testQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
}

export function TestProviders({
  client = testQueryClient(),
  children,
}: {
  client?: QueryClient;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={client}>
      <I18nProvider>{children}</I18nProvider>
    </QueryClientProvider>
  );
}

/** The URL of an API path as the client calls it in jsdom (localhost → /api). */
export const apiUrl = (path: string) => `${window.location.origin}/api${path}`;

export { HttpResponse, mock };
