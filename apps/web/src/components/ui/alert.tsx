import { Info } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from './cn';

export type AlertVariant =
  'dark' | 'default' | 'primary' | 'success' | 'danger' | 'warning' | 'info';

const styles: Record<AlertVariant, string> = {
  dark: 'bg-slate-900 text-white dark:bg-slate-100 dark:text-slate-900',
  default: 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100',
  primary: 'bg-teal-50 text-teal-900 dark:bg-teal-950 dark:text-teal-100',
  success: 'bg-green-50 text-green-900 dark:bg-green-950 dark:text-green-100',
  danger: 'bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100',
  warning: 'bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-100',
  info: 'bg-sky-50 text-sky-900 dark:bg-sky-950 dark:text-sky-100',
};

/** An alert in one of seven styles with an optional icon (default: the information icon). */
export function Alert({
  variant = 'default',
  icon,
  children,
  className,
  role = variant === 'danger' ? 'alert' : 'status',
}: {
  variant?: AlertVariant;
  icon?: ReactNode | false;
  children: ReactNode;
  className?: string;
  role?: 'alert' | 'status';
}) {
  return (
    <div
      role={role}
      className={cn('flex items-start gap-3 rounded-lg p-3 text-sm', styles[variant], className)}
    >
      {icon !== false && <span aria-hidden="true">{icon ?? <Info className="size-5" />}</span>}
      <div>{children}</div>
    </div>
  );
}
