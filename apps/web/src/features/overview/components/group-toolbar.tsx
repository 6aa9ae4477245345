import { useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import type { GroupAction } from '../utils/group';
import { DEFAULT_HOURS, SHIFT_STEP } from '../utils/limits';

/** What can be done with the selected rooms. */
export function GroupToolbar({
  count,
  busy,
  onOpen,
  onAction,
  onClear,
  mayManage = false,
}: {
  count: number;
  busy: boolean;
  onOpen: (dialog: 'temporary' | 'permanent' | 'limits') => void;
  /** Issue 34: those who manage the rooms set their limits ("Grenzen…"). */
  mayManage?: boolean;
  onAction: (action: GroupAction) => void;
  onClear: () => void;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <div
      role="toolbar"
      aria-label={t('overview.actions')}
      className="flex flex-wrap items-center gap-2 rounded-xl border border-primary/40 bg-primary/5 p-2 dark:bg-primary/15"
    >
      <span className="px-2 text-sm font-medium">
        {intl.formatMessage({ id: 'overview.selected' }, { count })}
      </span>
      <Button size="sm" disabled={busy} aria-haspopup="dialog" onClick={() => onOpen('temporary')}>
        {t('overview.action.temporary')}
      </Button>
      <Button
        size="sm"
        variant="secondary"
        disabled={busy}
        aria-label={t('overview.action.plusLabel')}
        onClick={() => onAction({ kind: 'shift', delta: SHIFT_STEP, hours: DEFAULT_HOURS })}
      >
        {t('overview.action.plus')}
      </Button>
      <Button
        size="sm"
        variant="secondary"
        disabled={busy}
        aria-label={t('overview.action.minusLabel')}
        onClick={() => onAction({ kind: 'shift', delta: -SHIFT_STEP, hours: DEFAULT_HOURS })}
      >
        {t('overview.action.minus')}
      </Button>
      <Button
        size="sm"
        variant="secondary"
        disabled={busy}
        aria-haspopup="dialog"
        onClick={() => onOpen('permanent')}
      >
        {t('overview.action.permanent')}
      </Button>
      <Button
        size="sm"
        variant="secondary"
        disabled={busy}
        onClick={() => onAction({ kind: 'resume' })}
      >
        {t('overview.action.resume')}
      </Button>
      {mayManage && (
        <Button
          size="sm"
          variant="secondary"
          disabled={busy}
          aria-haspopup="dialog"
          onClick={() => onOpen('limits')}
        >
          {t('overview.group.limits')}
        </Button>
      )}
      <Button size="sm" variant="ghost" onClick={onClear}>
        {t('overview.clearSelection')}
      </Button>
    </div>
  );
}
