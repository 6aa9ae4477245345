import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Label } from '@/components/ui/input';
import { SubmitButton } from '@/components/ui/submit-button';
import { notify } from '@/components/ui/toast';
import { useAcknowledgeAlarm } from '../api/acknowledge-alarm';
import type { Alarm } from '../api/alarm-types';
import { acknowledgeFailure } from '../utils/ack-error';
import { NOTE_MAX_LENGTH, noteLength, noteTooLong } from '../utils/note';

/**
 * "Alarm quittieren": an optional note (at most 500 characters, counted as one types, a longer
 * one explained and not sent). A refusal stays in the dialog with its reason; success closes it.
 */
export function AcknowledgeDialog({
  alarm,
  summary,
  onClose,
}: {
  alarm: Alarm;
  /** "Wohnzimmer (Erdgeschoss): zu kalt seit 07:40" */
  summary: string;
  onClose: () => void;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const id = useId();
  const acknowledge = useAcknowledgeAlarm();
  const [note, setNote] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const length = noteLength(note);
  const tooLong = noteTooLong(note);
  const countId = `${id}-count`;
  const errorId = `${id}-error`;

  const submit = () => {
    if (tooLong || acknowledge.isPending) return;
    setFailure(null);
    acknowledge.mutate(
      { id: alarm.id, note },
      {
        onSuccess: () => {
          void notify('success', t('alarms.ack.done'), { description: summary });
          onClose();
        },
        onError: (error) => setFailure(acknowledgeFailure(intl, error)),
      },
    );
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('alarms.ack.title')}
      description={summary}
      closeLabel={t('alarms.ack.close')}
    >
      <form
        className="mt-4 flex flex-col gap-4"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <div>
          <Label htmlFor={`${id}-note`}>{t('alarms.ack.note')}</Label>
          <textarea
            id={`${id}-note`}
            name="note"
            rows={4}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            aria-invalid={tooLong ? true : undefined}
            aria-describedby={tooLong ? `${errorId} ${countId}` : countId}
            className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 focus-visible:border-primary focus-visible:outline-2 focus-visible:outline-primary/40 aria-invalid:border-red-500 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
          />
          <p
            id={countId}
            className={
              tooLong
                ? 'mt-1 text-sm font-medium text-red-700 dark:text-red-300'
                : 'mt-1 text-sm text-slate-600 dark:text-slate-300'
            }
          >
            {intl.formatMessage(
              { id: 'alarms.ack.count' },
              { count: intl.formatNumber(length), max: intl.formatNumber(NOTE_MAX_LENGTH) },
            )}
          </p>
          {tooLong && (
            <p id={errorId} role="alert" className="mt-1 text-sm text-red-700 dark:text-red-300">
              {intl.formatMessage(
                { id: 'alarms.ack.tooLong' },
                {
                  max: intl.formatNumber(NOTE_MAX_LENGTH),
                  over: intl.formatNumber(length - NOTE_MAX_LENGTH),
                },
              )}
            </p>
          )}
        </div>
        {failure && <Alert variant="danger">{failure}</Alert>}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t('alarms.ack.cancel')}
          </Button>
          <SubmitButton
            pending={acknowledge.isPending}
            pendingLabel={t('alarms.ack.pending')}
            disabled={tooLong}
          >
            {t('alarms.ack.submit')}
          </SubmitButton>
        </div>
      </form>
    </Dialog>
  );
}
