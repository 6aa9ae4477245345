import { cloneElement, useState, type ReactElement, type ReactNode } from 'react';
import { ModalFrame } from './modal-frame';

/**
 * A modal dialog with a title, a close button and focus kept inside (native `<dialog>`, see
 * modal-frame.tsx). Controlled with `open`/`onOpenChange`, or opened by its `trigger`.
 */
export function Dialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  closeLabel,
  children,
}: {
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  trigger?: ReactElement<{ onClick?: () => void }>;
  title: ReactNode;
  description?: ReactNode;
  closeLabel: string;
  children?: ReactNode;
}) {
  const [ownOpen, setOwnOpen] = useState(false);
  const isOpen = open ?? ownOpen;
  const setOpen = (next: boolean) => {
    if (open === undefined) setOwnOpen(next);
    onOpenChange?.(next);
  };
  return (
    <>
      {trigger &&
        cloneElement(trigger, {
          onClick: () => setOpen(true),
          'aria-haspopup': 'dialog',
          'aria-expanded': isOpen,
        } as Record<string, unknown>)}
      <ModalFrame
        open={isOpen}
        onOpenChange={setOpen}
        className="m-auto w-[min(92vw,28rem)] rounded-xl bg-white dark:bg-slate-900"
        bodyClassName="p-6"
        title={title}
        titleClassName="pr-8 text-lg font-semibold"
        description={description ?? title}
        descriptionClassName={
          description ? 'mt-2 text-sm text-slate-600 dark:text-slate-300' : 'sr-only'
        }
        closeLabel={closeLabel}
        closeClassName="top-4 right-4 p-1 text-slate-500 hover:bg-slate-100 dark:hover:bg-slate-800"
        iconClassName="size-5"
      >
        {children}
      </ModalFrame>
    </>
  );
}
