import { useIntl } from 'react-intl';
import type { LimitsInput } from '@/lib/room-limits-input';
import { FieldError, Input, Label } from './input';

/**
 * The two fields of a room's limits (issue 34), "Min." and "Max." in °C: on the room page and
 * in the overview's "Grenzen…" dialog. `error` is a catalogue key for `errorField`.
 */
export function LimitsFields({
  idPrefix,
  value,
  onChange,
  error,
  errorField,
  disabled,
}: {
  idPrefix: string;
  value: LimitsInput;
  onChange: (value: LimitsInput) => void;
  error?: string;
  errorField?: 'min' | 'max';
  disabled?: boolean;
}) {
  const intl = useIntl();
  const field = (name: 'min' | 'max') => {
    const id = `${idPrefix}-${name}`;
    const invalid = error !== undefined && errorField === name;
    return (
      <div className="min-w-0 flex-1">
        <Label htmlFor={id}>{intl.formatMessage({ id: `limits.${name}` })}</Label>
        <Input
          id={id}
          inputMode="decimal"
          autoComplete="off"
          placeholder={intl.formatMessage({ id: 'limits.none' })}
          value={value[name]}
          disabled={disabled}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${id}-error` : `${idPrefix}-hint`}
          onChange={(event) => onChange({ ...value, [name]: event.target.value })}
        />
        <FieldError id={`${id}-error`}>
          {invalid ? intl.formatMessage({ id: error }) : null}
        </FieldError>
      </div>
    );
  };
  return (
    <div className="flex flex-col gap-2">
      <div className="flex gap-3">
        {field('min')}
        {field('max')}
      </div>
      <p id={`${idPrefix}-hint`} className="text-sm text-slate-600 dark:text-slate-400">
        {intl.formatMessage({ id: 'limits.hint' })}
      </p>
    </div>
  );
}
