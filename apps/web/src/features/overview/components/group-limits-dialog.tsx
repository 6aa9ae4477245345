import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { LimitsFields } from '@/components/ui/limits-fields';
import { parseLimitsInput, type LimitsInput } from '@/lib/room-limits-input';
import type { GroupAction } from '../utils/group';

/**
 * "Grenzen…" (issue 34): one min and max for every selected room, or none (both empty), sent
 * room by room like the other group actions.
 */
export default function GroupLimitsDialog({
  count,
  onCancel,
  onConfirm,
}: {
  count: number;
  onCancel: () => void;
  onConfirm: (action: GroupAction) => void;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [value, setValue] = useState<LimitsInput>({ min: '', max: '' });
  const [problem, setProblem] = useState<{ field: 'min' | 'max'; error: string } | null>(null);
  const submit = (input: LimitsInput) => {
    const parsed = parseLimitsInput(input);
    if (!parsed.ok) {
      setProblem({ field: parsed.field, error: parsed.error });
      document.getElementById(`group-limits-${parsed.field}`)?.focus();
      return;
    }
    onConfirm({ kind: 'limits', limits: parsed.limits });
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onCancel()}
      title={intl.formatMessage({ id: 'overview.group.limitsTitle' }, { count })}
      description={t('limits.hint')}
      closeLabel={t('overview.close')}
    >
      <form
        noValidate
        className="mt-4 flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          submit(value);
        }}
      >
        <LimitsFields
          idPrefix="group-limits"
          value={value}
          onChange={(next) => {
            setValue(next);
            setProblem(null);
          }}
          error={problem?.error}
          errorField={problem?.field}
        />
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onCancel}>
            {t('overview.dialog.cancel')}
          </Button>
          <Button type="button" variant="secondary" onClick={() => submit({ min: '', max: '' })}>
            {t('overview.group.limitsRemove')}
          </Button>
          <Button type="submit">{t('overview.group.limitsApply')}</Button>
        </div>
      </form>
    </Dialog>
  );
}
