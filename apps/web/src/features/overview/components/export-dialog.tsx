import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { errorReason } from '@/lib/error-reason';
import { useLocale } from '@/lib/i18n';
import { downloadBuildingExport } from '../api/export-all';
import {
  EXPORT_MAX_DAYS,
  EXPORT_PRESETS,
  EXPORT_STEPS,
  periodProblem,
  presetPeriod,
  type ExportPeriod,
  type ExportPreset,
  type ExportStep,
} from '../utils/export-period';

const FIELD =
  'h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 focus-visible:border-primary focus-visible:outline-2 focus-visible:outline-primary/40 aria-invalid:border-red-500 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:[color-scheme:dark]';
const LABEL = 'mb-1 block text-sm font-medium';

/**
 * The building export's dialog: a period (presets or two dates), a step and a floor (the
 * overview's filter at first), then the download in the app's language.
 */
export default function ExportDialog({
  floor,
  floors,
  onClose,
}: {
  floor: number | null;
  floors: readonly { id: number; name: string }[];
  onClose: () => void;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const { locale } = useLocale();
  const id = useId();
  const [preset, setPreset] = useState<ExportPreset | 'custom'>('lastMonth');
  const [period, setPeriod] = useState<ExportPeriod>(() => presetPeriod('lastMonth', new Date()));
  const [step, setStep] = useState<ExportStep>('1h');
  const [floorId, setFloorId] = useState<number | null>(
    floors.some((choice) => choice.id === floor) ? floor : null,
  );
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const problem = periodProblem(period);
  const shown = checked ? problem : null;
  const problemText =
    shown === 'from' || shown === 'to'
      ? t('overview.export.invalidDate')
      : shown === 'order'
        ? t('overview.export.order')
        : shown === 'tooLong'
          ? t('overview.export.tooLong', { days: EXPORT_MAX_DAYS })
          : null;

  const choosePreset = (value: ExportPreset | 'custom') => {
    setPreset(value);
    if (value !== 'custom') setPeriod(presetPeriod(value, new Date()));
  };
  const edit = (field: 'from' | 'to', value: string) => {
    setPreset('custom');
    setPeriod((current) => ({ ...current, [field]: value }));
  };
  const submit = async () => {
    setChecked(true);
    setFailure(null);
    if (problem !== null) return;
    setBusy(true);
    try {
      await downloadBuildingExport(period, step, floorId, locale);
      onClose();
    } catch (error) {
      setFailure(errorReason(intl, error) ?? t('overview.export.failedUnknown'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !busy && onClose()}
      title={t('overview.export.title')}
      description={t('overview.export.text')}
      closeLabel={t('overview.close')}
    >
      <form
        className="mt-4 flex flex-col gap-4"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <div>
          <label htmlFor={`${id}-preset`} className={LABEL}>
            {t('overview.export.period')}
          </label>
          <select
            id={`${id}-preset`}
            value={preset}
            onChange={(event) => choosePreset(event.target.value as ExportPreset | 'custom')}
            className={FIELD}
          >
            {EXPORT_PRESETS.map((value) => (
              <option key={value} value={value}>
                {t(`overview.export.preset.${value}`)}
              </option>
            ))}
            <option value="custom">{t('overview.export.preset.custom')}</option>
          </select>
        </div>
        <div className="grid grid-cols-1 gap-4 min-[400px]:grid-cols-2">
          {(['from', 'to'] as const).map((field) => (
            <div key={field}>
              <label htmlFor={`${id}-${field}`} className={LABEL}>
                {t(`overview.export.${field}`)}
              </label>
              <input
                id={`${id}-${field}`}
                type="date"
                value={period[field]}
                aria-invalid={shown === field || (field === 'to' && shown === 'order') || undefined}
                aria-describedby={problemText ? `${id}-problem` : undefined}
                onChange={(event) => edit(field, event.target.value)}
                className={FIELD}
              />
            </div>
          ))}
        </div>
        {problemText && (
          <p id={`${id}-problem`} className="-mt-2 text-sm text-red-700 dark:text-red-300">
            {problemText}
          </p>
        )}
        <div className="grid grid-cols-1 gap-4 min-[400px]:grid-cols-2">
          <div>
            <label htmlFor={`${id}-step`} className={LABEL}>
              {t('overview.export.step')}
            </label>
            <select
              id={`${id}-step`}
              value={step}
              onChange={(event) => setStep(event.target.value as ExportStep)}
              className={FIELD}
            >
              {EXPORT_STEPS.map((value) => (
                <option key={value} value={value}>
                  {t(`overview.export.step.${value}`)}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={`${id}-floor`} className={LABEL}>
              {t('overview.export.floor')}
            </label>
            <select
              id={`${id}-floor`}
              value={floorId ?? ''}
              onChange={(event) =>
                setFloorId(event.target.value === '' ? null : Number(event.target.value))
              }
              className={FIELD}
            >
              <option value="">{t('overview.floorAll')}</option>
              {floors.map((choice) => (
                <option key={choice.id} value={choice.id}>
                  {choice.name}
                </option>
              ))}
            </select>
          </div>
        </div>
        {failure && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {t('overview.export.failed', { reason: failure })}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose} disabled={busy}>
            {t('overview.dialog.cancel')}
          </Button>
          <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
            {t(busy ? 'overview.export.preparing' : 'overview.export.download')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
