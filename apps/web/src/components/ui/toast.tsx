import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';

/**
 * Toasts (sonner) load only once wanted: when the first toast is raised or the app asks for them
 * (signed in). The login page neither waits for nor downloads them.
 */
const LazyToaster = lazy(() => import('./toaster'));

let wanted = false;
const listeners = new Set<() => void>();
let markMounted: () => void = () => undefined;
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

/** Loads and mounts the toaster; resolves once it listens for toasts. */
export function loadToaster(): Promise<void> {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  return mounted;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function Toaster(props: { theme: 'light' | 'dark'; label: string }) {
  const isWanted = useSyncExternalStore(subscribe, () => wanted);
  if (!isWanted) return null;
  return (
    <Suspense fallback={null}>
      <LazyToaster {...props} onMounted={markMounted} />
    </Suspense>
  );
}

export type ToastVariant = 'default' | 'success' | 'error' | 'warning' | 'info';

/**
 * Shows a toast in one of the five variants; resolves to its id.
 * `notify('success', intl.formatMessage({ id: 'rooms.saved' }))`
 */
export async function notify(
  variant: ToastVariant,
  message: ReactNode,
  options: { description?: ReactNode; id?: string } = {},
): Promise<string | number> {
  const [{ toast }] = await Promise.all([import('sonner'), loadToaster()]);
  if (variant === 'default') return toast(message, options);
  return toast[variant](message, options);
}
