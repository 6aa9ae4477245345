import { lazy, Suspense, type ReactNode } from 'react';

/**
 * Toasts (sonner) load after the first screen: the login page does not pay for them, and by the
 * time anyone triggers a toast the toaster is mounted.
 */
const LazyToaster = lazy(() => import('./toaster'));

export function Toaster(props: { theme: 'light' | 'dark'; label: string }) {
  return (
    <Suspense fallback={null}>
      <LazyToaster {...props} />
    </Suspense>
  );
}

export type ToastVariant = 'default' | 'success' | 'error' | 'warning' | 'info';

/**
 * Shows a toast in one of the five variants.
 * `notify('success', intl.formatMessage({ id: 'rooms.saved' }))`
 */
export async function notify(
  variant: ToastVariant,
  message: ReactNode,
  options: { description?: ReactNode; id?: string } = {},
): Promise<string | number> {
  const { toast } = await import('sonner');
  if (variant === 'default') return toast(message, options);
  return toast[variant](message, options);
}

export async function dismissToast(id?: string | number): Promise<void> {
  const { toast } = await import('sonner');
  toast.dismiss(id);
}
