import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { I18N_STORAGE_KEY, I18nProvider, type Locale } from '@/lib/i18n';
import { authRoutes } from './routes';

// Screens load lazily; on a busy test machine the first import of a module takes a while.
configure({ asyncUtilTimeout: 5000 });

function NotFoundProbe() {
  const location = useLocation();
  return <p>not found: {location.pathname}</p>;
}

/** The auth routes in memory, in the chosen language, with a fresh query cache. */
export function renderAuth(path: string, locale: Locale = 'en') {
  localStorage.setItem(I18N_STORAGE_KEY, JSON.stringify({ code: locale }));
  const router = createMemoryRouter(
    [...authRoutes, { path: paths.error.notFound, element: <NotFoundProbe /> }],
    { initialEntries: [path] },
  );
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <I18nProvider>
        <RouterProvider router={router} />
      </I18nProvider>
    </QueryClientProvider>,
  );
  return { ...view, router };
}
