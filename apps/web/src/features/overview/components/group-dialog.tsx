import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import type { GroupAction } from '../utils/group';
import { DEFAULT_HOURS, DEFAULT_TARGET } from '../utils/limits';
import { checkUntil } from '../utils/until';
import { EndChoice, type EndValue } from './end-choice';

const MIN = 5;
const MAX = 30;

/**
 * "Vorübergehend…" (value, and 1–12 h or until a date and time) or "Dauerhaft…" (value);
 * confirming at once works.
 */
export default function GroupDialog({
  kind,
  count,
  proxy = false,
  onCancel,
  onConfirm,
}: {
  kind: 'temporary' | 'permanent';
  count: number;
  /** Proxy mode: the device takes only `duration`, so "Bis …" reaches 24 hours ahead. */
  proxy?: boolean;
  onCancel: () => void;
  onConfirm: (action: GroupAction) => void;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const id = useId();
  const [value, setValue] = useState(
    intl.formatNumber(DEFAULT_TARGET, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
  );
  const [end, setEnd] = useState<EndValue>({
    mode: 'hours',
    hours: DEFAULT_HOURS,
    date: '',
    time: '',
  });
  const [invalid, setInvalid] = useState(false);
  const [tried, setTried] = useState(false);
  const now = new Date();
  const untilCheck = checkUntil(end.date, end.time, now, proxy);
  const submit = () => {
    setTried(true);
    const target = Number(value.trim().replace(',', '.'));
    const badTarget =
      !Number.isFinite(target) || target < MIN || target > MAX || value.trim() === '';
    setInvalid(badTarget);
    if (kind === 'permanent') {
      if (!badTarget) onConfirm({ kind, target });
      return;
    }
    if (end.mode === 'hours') {
      if (!badTarget) onConfirm({ kind, target, hours: end.hours });
      return;
    }
    if ('problem' in untilCheck) {
      const field = untilCheck.problem === 'missing' && end.date !== '' ? 'time' : 'date';
      document.getElementById(`${id}-${field}`)?.focus();
      return;
    }
    if (!badTarget) onConfirm({ kind: 'until', target, until: untilCheck.until });
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onCancel()}
      title={t(
        kind === 'temporary' ? 'overview.dialog.temporaryTitle' : 'overview.dialog.permanentTitle',
      )}
      description={intl.formatMessage(
        {
          id:
            kind === 'temporary'
              ? 'overview.dialog.temporaryText'
              : 'overview.dialog.permanentText',
        },
        { count },
      )}
      closeLabel={t('overview.close')}
    >
      {/* Its own checks say what is wrong in the app's words (the date field's min and max would
          otherwise stop the submit with the browser's bubble). */}
      <form
        noValidate
        className="mt-4 flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <div>
          <label htmlFor={`${id}-value`} className="mb-1 block text-sm font-medium">
            {t('overview.dialog.value')}
          </label>
          <input
            id={`${id}-value`}
            inputMode="decimal"
            value={value}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? `${id}-error` : undefined}
            onChange={(event) => {
              setValue(event.target.value);
              setInvalid(false);
            }}
            className="h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 focus-visible:border-primary focus-visible:outline-2 focus-visible:outline-primary/40 aria-invalid:border-red-500 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
          />
          {invalid && (
            <p id={`${id}-error`} className="mt-1 text-sm text-red-700 dark:text-red-300">
              {t('overview.dialog.invalid')}
            </p>
          )}
        </div>
        {kind === 'temporary' && (
          <EndChoice
            id={id}
            value={end}
            onChange={setEnd}
            problem={tried && 'problem' in untilCheck ? untilCheck.problem : null}
            proxy={proxy}
            now={now}
          />
        )}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onCancel}>
            {t('overview.dialog.cancel')}
          </Button>
          <Button type="submit">{t('overview.dialog.apply')}</Button>
        </div>
      </form>
    </Dialog>
  );
}
