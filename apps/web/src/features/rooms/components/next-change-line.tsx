import type { RoomNext } from '@raumregler/contract';
import { useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { formatNextChange, nextChangeOf } from '../utils/next-change';

/** "Danach": the next scheduled change, or a note that none is planned with an explanation. */
export function NextChangeLine({ next, now }: { next: RoomNext | null; now: Date }) {
  const intl = useIntl();
  const text = formatNextChange(intl, nextChangeOf(next, now), now);
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <div>
      <h2 className="text-sm font-medium text-slate-600 dark:text-slate-400">
        {t('rooms.figure.after')}
      </h2>
      {text ? (
        <p className="text-xl font-semibold tabular-nums">{text}</p>
      ) : (
        <div className="flex flex-wrap items-center gap-x-2">
          <p className="text-base">{t('rooms.next.none')}</p>
          <Dialog
            title={t('rooms.next.explainTitle')}
            description={t('rooms.next.explainText')}
            closeLabel={t('rooms.close')}
            trigger={
              <Button variant="ghost" size="sm" className="underline">
                {t('rooms.next.explain')}
              </Button>
            }
          />
        </div>
      )}
    </div>
  );
}
