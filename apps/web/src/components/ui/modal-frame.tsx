import { X } from 'lucide-react';
import { useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { cn } from './cn';

/**
 * The one modal frame of the app, on the browser's own `<dialog>` (opened with showModal): the
 * page behind is inert and focus stays inside, focus moves in on opening and back to where it
 * was on closing, Escape closes, a click on the backdrop closes, the page does not scroll behind
 * (styles.css). Named by its title, described by its description. `Dialog` (centred) and `Sheet`
 * (a side panel) are this frame with their own look; it replaced the Radix dialog, whose code
 * (about 20 KB gzip with its focus and scroll helpers) every room page had to load first.
 */
export function ModalFrame({
  open,
  onOpenChange,
  title,
  titleClassName,
  description,
  descriptionClassName = 'sr-only',
  closeLabel,
  closeClassName,
  iconClassName,
  className,
  bodyClassName,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  titleClassName: string;
  /** Read out after the title; visible only with a descriptionClassName that shows it. */
  description: ReactNode;
  descriptionClassName?: string;
  closeLabel: string;
  closeClassName: string;
  iconClassName: string;
  /** The frame's look: size, place, background, animation. */
  className: string;
  /** The content box inside the frame (padding, layout); the frame itself has none. */
  bodyClassName: string;
  children?: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', ''); // jsdom
    } else if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      // Escape (the browser's cancel) and close() both end here.
      onClose={() => {
        if (open) onOpenChange(false);
      }}
      // A click on the backdrop lands on the <dialog> itself; the content fills it.
      onClick={(event) => {
        if (event.target === event.currentTarget) onOpenChange(false);
      }}
      className={cn(
        'p-0 text-slate-900 shadow-xl backdrop:bg-slate-950/50 dark:text-slate-100',
        className,
      )}
    >
      {open && (
        <div className={cn('relative', bodyClassName)}>
          <h2 id={titleId} className={titleClassName}>
            {title}
          </h2>
          <p id={descriptionId} className={descriptionClassName}>
            {description}
          </p>
          {children}
          <button
            type="button"
            onClick={() => onOpenChange(false)}
            className={cn('absolute rounded-md', closeClassName)}
            aria-label={closeLabel}
          >
            <X className={iconClassName} aria-hidden="true" />
          </button>
        </div>
      )}
    </dialog>
  );
}
