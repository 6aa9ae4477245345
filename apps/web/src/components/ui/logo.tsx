import { cn } from './cn';

/** The product mark: a thermometer on a teal tile (same drawing as the favicon). */
export function Logo({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn('size-8 shrink-0', className)}>
      <rect width="32" height="32" rx="8" fill="#0f766e" />
      <path
        d="M16 6a4 4 0 0 0-4 4v8.5a6 6 0 1 0 8 0V10a4 4 0 0 0-4-4Z"
        fill="none"
        stroke="#fff"
        strokeWidth="2.2"
      />
      <circle cx="16" cy="23" r="2.6" fill="#fff" />
    </svg>
  );
}
