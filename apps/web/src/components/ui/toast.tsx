import type { ReactNode } from 'react';
import { toast as sonner, Toaster as SonnerToaster } from 'sonner';

/** Spec section 9: at most 3 visible, 4000 ms, 356 px wide, bottom right, Alt+T focuses them. */
export function Toaster({ theme, label }: { theme: 'light' | 'dark'; label: string }) {
  return (
    <SonnerToaster
      theme={theme}
      position="bottom-right"
      visibleToasts={3}
      duration={4000}
      hotkey={['altKey', 'KeyT']}
      containerAriaLabel={label}
      richColors
      closeButton
      style={{ '--width': '356px' } as React.CSSProperties}
    />
  );
}

export type ToastVariant = 'default' | 'success' | 'error' | 'warning' | 'info';

/**
 * Shows a toast in one of the five variants; answers its id (for `dismissToast`).
 * `notify('success', intl.formatMessage({ id: 'rooms.saved' }))`
 */
export function notify(
  variant: ToastVariant,
  message: ReactNode,
  options: { description?: ReactNode; id?: string } = {},
) {
  if (variant === 'default') return sonner(message, options);
  return sonner[variant](message, options);
}

export function dismissToast(id?: string | number) {
  sonner.dismiss(id);
}
