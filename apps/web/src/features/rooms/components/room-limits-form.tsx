import type { Room } from '@raumregler/contract';
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LimitsFields } from '@/components/ui/limits-fields';
import { notify } from '@/components/ui/toast';
import { errorReason } from '@/lib/error-reason';
import { limitsInputOf, parseLimitsInput, type LimitsInput } from '@/lib/room-limits-input';
import { useSetRoomLimits } from '../api/set-limits';

/**
 * A room's limits on its page (issue 34), for those who manage the room: min and max in 0.5 °C
 * steps within 5–30 °C, both empty = none. Everyone who does not manage the room sets targets
 * within them only.
 */
export function RoomLimitsForm({ room }: { room: Room }) {
  const intl = useIntl();
  const format = (value: number) =>
    intl.formatNumber(value, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const [value, setValue] = useState<LimitsInput>(() => limitsInputOf(room.limits, format));
  const [problem, setProblem] = useState<{ field: 'min' | 'max'; error: string } | null>(null);
  const save = useSetRoomLimits();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseLimitsInput(value);
    if (!parsed.ok) {
      setProblem({ field: parsed.field, error: parsed.error });
      return;
    }
    setProblem(null);
    save.mutate(
      { roomId: room.id, limits: parsed.limits },
      {
        onSuccess: () => {
          setValue(limitsInputOf(parsed.limits, format));
          void notify('success', t(parsed.limits ? 'limits.saved' : 'limits.removed'));
        },
        onError: (error) => {
          const reason = errorReason(intl, error);
          void notify('error', t('limits.failed'), reason ? { description: reason } : {});
        },
      },
    );
  };

  return (
    <Card className="p-4 sm:p-5">
      <form onSubmit={submit} noValidate aria-labelledby="room-limits-title">
        <h2 id="room-limits-title" className="mb-1 text-lg font-semibold">
          {t('limits.title')}
        </h2>
        <p
          className="mb-3 text-sm text-slate-700 dark:text-slate-300"
          data-testid="room-limits-now"
        >
          {room.limits
            ? t('limits.current', { min: format(room.limits.min), max: format(room.limits.max) })
            : t('limits.currentNone')}
        </p>
        <LimitsFields
          idPrefix="room-limits"
          value={value}
          onChange={setValue}
          error={problem?.error}
          errorField={problem?.field}
          disabled={save.isPending}
        />
        <div className="mt-3 flex flex-wrap gap-2">
          <Button type="submit" disabled={save.isPending}>
            {t('limits.save')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
