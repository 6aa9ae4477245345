import type { AcknowledgeAlarmsAnswer } from '@raumregler/contract';
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Label } from '@/components/ui/input';
import { SubmitButton } from '@/components/ui/submit-button';
import { useAcknowledgeAlarms } from '../api/acknowledge-alarms';
import { acknowledgeFailure } from '../utils/ack-error';
import { NOTE_MAX_LENGTH, noteLength, noteTooLong } from '../utils/note';

/**
 * "Alarme quittieren" (issue 32): the selected alarms with one optional note, in one request
 * (POST /api/alarms/ack/). The answer goes to `onDone` (the page lists what failed and why); a
 * refusal of the whole request stays in the dialog with its reason.
 */
export function BulkAcknowledgeDialog({
  ids,
  onDone,
  onClose,
}: {
  ids: readonly number[];
  onDone: (result: AcknowledgeAlarmsAnswer) => void;
  onClose: () => void;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const id = useId();
  const acknowledge = useAcknowledgeAlarms();
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
      { ids, note },
      {
        onSuccess: (result) => {
          onDone(result);
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
      title={t('alarms.bulk.title')}
      description={intl.formatMessage(
        { id: 'alarms.bulk.summary' },
        { count: ids.length, shown: intl.formatNumber(ids.length) },
      )}
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
            {intl.formatMessage(
              { id: 'alarms.bulk.submit' },
              { count: ids.length, shown: intl.formatNumber(ids.length) },
            )}
          </SubmitButton>
        </div>
      </form>
    </Dialog>
  );
}
