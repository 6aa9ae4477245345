import { KeyRound } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import { FieldError, Input, Label } from '@/components/ui/input';
import type { TokenAccess, TokenInput } from '../api/token-types';
import { fieldMessages, NAME_MAX, tokenFormProblems, type TokenField } from '../utils/token-form';

const selectClass =
  'h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 focus-visible:border-primary focus-visible:outline-2 focus-visible:outline-primary/40 aria-invalid:border-red-500 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100';

interface FormState {
  name: string;
  access: TokenAccess;
  expires: string;
}

const EMPTY: FormState = { name: '', access: 'read', expires: '' };

/**
 * A new access token: its name, what it may do ("Lesen", or "Lesen und Schreiben" for those who
 * may change temperatures themselves), and its last day (none: it never expires). The form's own
 * checks first, then the server's per field. `onSubmit` answers whether the token was made: the
 * form empties then.
 */
export function TokenForm({
  canWrite,
  today,
  pending,
  error,
  onSubmit,
}: {
  /** Whether the user may write: only then is "Lesen und Schreiben" offered. */
  canWrite: boolean;
  today: string;
  pending: boolean;
  /** The server's refusal of the last try; its `messages` are said at their fields. */
  error: unknown;
  onSubmit: (input: TokenInput) => Promise<boolean>;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const ids = useId();
  const [form, setForm] = useState<FormState>(EMPTY);
  const [tried, setTried] = useState(false);
  const own = tokenFormProblems(form, today);
  const update = (patch: Partial<FormState>) => setForm((current) => ({ ...current, ...patch }));

  const messageOf = (field: TokenField) => {
    const mine = own[field];
    if (tried && mine) return t(mine, { max: NAME_MAX });
    return fieldMessages(error, field);
  };
  const describe = (field: TokenField, hint?: string) => {
    const message = messageOf(field);
    const describedBy = [message ? `${ids}-${field}-error` : null, hint ?? null]
      .filter(Boolean)
      .join(' ');
    return {
      id: `${ids}-${field}`,
      'aria-invalid': message ? true : undefined,
      'aria-describedby': describedBy || undefined,
    };
  };
  const fieldError = (field: TokenField) => (
    <FieldError id={`${ids}-${field}-error`}>{messageOf(field)}</FieldError>
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    const first = (['name', 'access', 'expires'] as const).find((field) => own[field]);
    if (first) {
      document.getElementById(`${ids}-${first}`)?.focus();
      return;
    }
    const made = await onSubmit({
      name: form.name.trim(),
      access: canWrite ? form.access : 'read',
      expires: form.expires || null,
    });
    if (made) {
      setForm(EMPTY);
      setTried(false);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1.4fr)_minmax(0,1.2fr)]">
        <div>
          <Label htmlFor={`${ids}-name`}>{t('integrations.form.name')}</Label>
          <Input
            {...describe('name', `${ids}-name-hint`)}
            value={form.name}
            autoComplete="off"
            required
            onChange={(event) => update({ name: event.target.value })}
          />
          <p id={`${ids}-name-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-300">
            {t('integrations.form.nameHint')}
          </p>
          {fieldError('name')}
        </div>
        <div>
          <Label htmlFor={`${ids}-access`}>{t('integrations.form.access')}</Label>
          <select
            {...describe('access', canWrite ? undefined : `${ids}-access-hint`)}
            className={selectClass}
            value={canWrite ? form.access : 'read'}
            onChange={(event) => update({ access: event.target.value as TokenAccess })}
          >
            <option value="read">{t('integrations.access.read')}</option>
            {canWrite && <option value="write">{t('integrations.access.write')}</option>}
          </select>
          {!canWrite && (
            <p
              id={`${ids}-access-hint`}
              className="mt-1 text-xs text-slate-600 dark:text-slate-300"
            >
              {t('integrations.form.readOnlyHint')}
            </p>
          )}
          {fieldError('access')}
        </div>
        <div>
          <Label htmlFor={`${ids}-expires`}>{t('integrations.form.expires')}</Label>
          <Input
            {...describe('expires', `${ids}-expires-hint`)}
            type="date"
            min={today}
            value={form.expires}
            onChange={(event) => update({ expires: event.target.value })}
          />
          <p id={`${ids}-expires-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-300">
            {t('integrations.form.expiresHint')}
          </p>
          {fieldError('expires')}
        </div>
      </div>
      <div>
        <Button type="submit" disabled={pending}>
          <KeyRound className="size-4" aria-hidden="true" />
          {t(pending ? 'integrations.form.creating' : 'integrations.form.create')}
        </Button>
      </div>
    </form>
  );
}
