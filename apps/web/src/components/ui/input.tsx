import type { InputHTMLAttributes, LabelHTMLAttributes, ReactNode } from 'react';
import { cn } from './cn';

export function Label({ className, ...props }: LabelHTMLAttributes<HTMLLabelElement>) {
  return <label className={cn('mb-1 block text-sm font-medium', className)} {...props} />;
}

export function Input({ className, ...props }: InputHTMLAttributes<HTMLInputElement>) {
  return (
    <input
      className={cn(
        'h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 placeholder:text-slate-400 focus-visible:border-primary focus-visible:outline-2 focus-visible:outline-primary/40 aria-invalid:border-red-500 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100',
        className,
      )}
      {...props}
    />
  );
}

/** The message under a field; `id` lets the input point at it with aria-describedby. */
export function FieldError({ id, children }: { id: string; children: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-600 dark:text-red-400">
      {children}
    </p>
  );
}
