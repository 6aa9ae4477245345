import { Logo } from './logo';

/** Full-screen overlay with the logo while the screenLoader flag is on. */
export function ScreenLoader({ label }: { label: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="fixed inset-0 z-[70] flex flex-col items-center justify-center gap-4 bg-slate-50/95 dark:bg-slate-950/95"
    >
      <Logo className="size-12 animate-pulse" />
      <p className="text-sm font-medium text-slate-600 dark:text-slate-300">{label}</p>
    </div>
  );
}
