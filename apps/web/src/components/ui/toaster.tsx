import { useEffect } from 'react';
import { Toaster as SonnerToaster } from 'sonner';

/** Spec section 9: at most 3 visible, 4000 ms, 356 px wide, bottom right, Alt+T focuses them. */
export default function Toaster({
  theme,
  label,
  onMounted,
}: {
  theme: 'light' | 'dark';
  label: string;
  onMounted: () => void;
}) {
  // Runs after sonner's own effects (children first), i.e. once it listens for toasts.
  useEffect(onMounted, [onMounted]);
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
      style={
        {
          '--width': '356px',
          // Sonner's light error red (45 % lightness) is 4.4:1 on its pink: below WCAG AA's 4.5.
          ...(theme === 'light' ? { '--error-text': 'hsl(360, 100%, 40%)' } : {}),
        } as React.CSSProperties
      }
    />
  );
}
