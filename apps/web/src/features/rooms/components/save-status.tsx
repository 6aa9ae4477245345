import { Check } from 'lucide-react';
import { useIntl } from 'react-intl';

export type SaveState = 'idle' | 'saving' | 'saved';

/**
 * A spinner while a change is on its way, then a green check once the controller took it. The
 * live region is always there, so screen readers hear each change of its content.
 */
export function SaveStatus({ state }: { state: SaveState }) {
  const intl = useIntl();
  return (
    <span role="status" className="flex h-7 items-center justify-center">
      {state === 'saving' && (
        <span className="inline-flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
          <span
            aria-hidden="true"
            className="size-5 animate-spin rounded-full border-2 border-orange-600 border-t-transparent"
          />
          {intl.formatMessage({ id: 'rooms.save.saving' })}
        </span>
      )}
      {state === 'saved' && (
        <span className="inline-flex items-center gap-1 rounded-full bg-green-100 px-2 py-0.5 text-sm font-medium text-green-800 dark:bg-green-950 dark:text-green-300">
          <Check className="size-4" aria-hidden="true" />
          {intl.formatMessage({ id: 'rooms.save.saved' })}
        </span>
      )}
    </span>
  );
}
