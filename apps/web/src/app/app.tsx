import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { RouterProvider } from 'react-router';
import { useAppConfig } from '@/features/auth/api/get-app-config';
import { AuthProvider, useAuth } from '@/features/auth/components/auth-provider';
import { BuildingDataProvider } from '@/features/rooms/components/building-data-provider';
import { I18nProvider } from '@/lib/i18n';
import { LoadersProvider } from '@/lib/loaders';
import { SettingsProvider } from '@/lib/settings-provider';
import { createQueryClient } from './query-client';
import { createRouter } from './router';

/** The whole app; `queryClient` may come from main.tsx, which has started the first requests. */
export function App({ queryClient: given }: { queryClient?: QueryClient }) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  const [router] = useState(createRouter);
  return (
    <QueryClientProvider client={queryClient}>
      <I18nProvider>
        <SettingsProvider>
          <LoadersProvider>
            <AuthProvider>
              <SignedInData>
                <RouterProvider router={router} />
              </SignedInData>
            </AuthProvider>
          </LoadersProvider>
        </SettingsProvider>
      </I18nProvider>
    </QueryClientProvider>
  );
}

/**
 * Temps and permissions load only once a user is signed in, and only after the app config has
 * said where the device API lives (its forwarding template is applied when it arrives). A failed
 * config read falls back to /api rather than blocking the app.
 */
function SignedInData({ children }: { children: ReactNode }) {
  const { auth } = useAuth();
  const config = useAppConfig();
  return (
    <BuildingDataProvider enabled={auth !== null && !config.isPending}>
      {children}
    </BuildingDataProvider>
  );
}
