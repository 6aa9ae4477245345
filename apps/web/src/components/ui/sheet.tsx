import { cn } from './cn';
import { ModalFrame } from './modal-frame';
import type { ReactNode } from 'react';

/** A panel that slides in from the side on small screens (native `<dialog>`, see modal-frame.tsx). */
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
    <ModalFrame
      open={open}
      onOpenChange={onOpenChange}
      className={cn(
        'backdrop:animate-fade-in fixed inset-y-0 m-0 h-dvh max-h-none bg-white dark:bg-slate-900',
        side === 'left'
          ? 'animate-slide-in-left right-auto left-0'
          : 'animate-slide-in-right right-0 left-auto',
        className,
      )}
      bodyClassName="flex h-full flex-col"
      title={title}
      titleClassName="sr-only"
      description={title}
      closeLabel={closeLabel}
      closeClassName="top-3 right-3 p-1.5 text-slate-500 hover:bg-slate-100 dark:text-slate-400 dark:hover:bg-slate-800"
      iconClassName="size-4"
    >
      {children}
    </ModalFrame>
  );
}
