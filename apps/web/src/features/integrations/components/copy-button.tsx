import { Check, Copy } from 'lucide-react';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';

/** Selects the text of `element`, so that the person can copy it with the keyboard. */
function selectText(element: HTMLElement | null) {
  if (!element) return;
  // Focus first: moving the focus may move the selection too.
  element.focus();
  const selection = window.getSelection();
  if (!selection) return;
  const range = document.createRange();
  range.selectNodeContents(element);
  selection.removeAllRanges();
  selection.addRange(range);
}

/**
 * Copies `text` to the clipboard. Where the browser refuses the clipboard (no secure context, a
 * refused permission), the text in `target` is selected instead and the person is told to copy
 * it themselves; either way the outcome is said in a live region.
 */
export function CopyButton({
  text,
  target,
  label,
  className,
}: {
  text: string;
  /** The element that shows `text`, selected when the clipboard is refused. */
  target: RefObject<HTMLElement | null>;
  /** What is copied, for the button's name ("Token kopieren"). */
  label: string;
  className?: string;
}) {
  const intl = useIntl();
  // What happened to which text: another text (a new token) is not copied yet.
  const [outcome, setOutcome] = useState<{ text: string; kind: 'copied' | 'select' } | null>(null);
  const state = outcome?.text === text ? outcome.kind : 'idle';
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const copy = async () => {
    window.clearTimeout(timer.current);
    try {
      if (!navigator.clipboard?.writeText) throw new Error('no clipboard');
      await navigator.clipboard.writeText(text);
      setOutcome({ text, kind: 'copied' });
      timer.current = window.setTimeout(() => setOutcome(null), 3000);
    } catch {
      selectText(target.current);
      setOutcome({ text, kind: 'select' });
    }
  };

  return (
    <div className={className}>
      <Button variant="secondary" size="sm" onClick={() => void copy()}>
        {state === 'copied' ? (
          <Check className="size-4 text-green-700 dark:text-green-400" aria-hidden="true" />
        ) : (
          <Copy className="size-4" aria-hidden="true" />
        )}
        {label}
      </Button>
      <p role="status" className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        {state === 'copied' && intl.formatMessage({ id: 'integrations.copy.done' })}
        {state === 'select' && intl.formatMessage({ id: 'integrations.copy.selected' })}
      </p>
    </div>
  );
}
