import { X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import type { ReactNode } from 'react';
import { cn } from './cn';

/** A panel that slides in from the side on small screens (Radix dialog: focus trapped, Esc closes). */
export function Sheet({
  open,
  onOpenChange,
  side = 'left',
  title,
  closeLabel,
  className,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  side?: 'left' | 'right';
  title: string;
  closeLabel: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="animate-fade-in fixed inset-0 z-40 bg-slate-950/50" />
        <DialogPrimitive.Content
          className={cn(
            'fixed inset-y-0 z-50 flex flex-col bg-white shadow-xl dark:bg-slate-900',
            side === 'left' ? 'animate-slide-in-left left-0' : 'animate-slide-in-right right-0',
            className,
          )}
        >
          <DialogPrimitive.Title className="sr-only">{title}</DialogPrimitive.Title>
          <DialogPrimitive.Description className="sr-only">{title}</DialogPrimitive.Description>
          {children}
          <DialogPrimitive.Close
            className="absolute top-3 right-3 rounded-md p-1.5 text-slate-500 hover:bg-slate-100 dark:text-slate-400 dark:hover:bg-slate-800"
            aria-label={closeLabel}
          >
            <X className="size-4" aria-hidden="true" />
          </DialogPrimitive.Close>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
