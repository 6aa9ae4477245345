import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FieldError, Input, Label } from '@/components/ui/input';
import { RoomPicker } from '@/components/room-picker';
import { isEmail } from '@/lib/form-rules';
import type { Member, MemberInput } from '../api/member-types';
import { ACCESS_CHOICES, LANGUAGE_CHOICES, usernameProblem } from '../utils/members';
import { fieldMessages, writeProblem } from '../utils/errors';
import {
  isWholeBuilding,
  roomsOfScope,
  sameScope,
  scopeOfRooms,
  type ScopeFloor,
} from '../utils/scope';

const selectClass =
  'h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 focus-visible:border-primary focus-visible:outline-2 focus-visible:outline-primary/40 aria-invalid:border-red-500 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100';

interface FormState {
  username: string;
  email: string;
  language: string;
  access_to_smart: string;
  access_to_pro: string;
  whole: boolean;
  chosen: Set<number>;
  valid_from: string;
  valid_until: string;
}

type Field =
  | 'username'
  | 'email'
  | 'language'
  | 'access_to_smart'
  | 'access_to_pro'
  | 'scope'
  | 'valid_from'
  | 'valid_until';

const stateOf = (
  member: Member | null,
  floors: readonly ScopeFloor[],
  locale: string,
): FormState =>
  member
    ? {
        username: member.username,
        email: member.email ?? '',
        language: member.language || locale,
        access_to_smart: member.access_to_smart,
        access_to_pro: member.access_to_pro,
        whole: isWholeBuilding({ floors: member.floors ?? [], rooms: member.rooms ?? [] }),
        chosen: roomsOfScope({ floors: member.floors ?? [], rooms: member.rooms ?? [] }, floors),
        valid_from: member.valid_from ?? '',
        valid_until: member.valid_until ?? '',
      }
    : {
        username: '',
        email: '',
        language: locale,
        access_to_smart: 'permanent',
        access_to_pro: 'no-access',
        whole: false,
        chosen: new Set(),
        valid_from: '',
        valid_until: '',
      };

/** The form's own checks, as message ids per field. */
function ownProblems(form: FormState, editing: boolean): Partial<Record<Field, string>> {
  const problems: Partial<Record<Field, string>> = {};
  const username = editing ? null : usernameProblem(form.username);
  if (username) problems.username = username;
  const email = form.email.trim();
  if (email === '') problems.email = 'members.form.error.emailRequired';
  else if (!isEmail(email)) problems.email = 'members.form.error.emailFormat';
  if (!form.whole && form.chosen.size === 0) problems.scope = 'members.form.error.scopeEmpty';
  if (form.valid_from && form.valid_until && form.valid_until < form.valid_from)
    problems.valid_until = 'members.form.error.order';
  return problems;
}

/**
 * Add or change a member (issue 34): username (fixed once made), e-mail, language, access per
 * area, the rooms (the whole building, or floors and rooms with the room picker's search and
 * floor checkboxes), validity; the form's own checks first, then the server's per field.
 */
export function MemberForm({
  member,
  floors,
  pending,
  error,
  onSubmit,
  onCancel,
}: {
  /** The member to change; null adds one. */
  member: Member | null;
  floors: readonly ScopeFloor[];
  pending: boolean;
  error: unknown;
  onSubmit: (input: MemberInput) => void;
  onCancel: () => void;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const ids = useId();
  const editing = member !== null;
  const [form, setForm] = useState<FormState>(() =>
    stateOf(member, floors, intl.locale.slice(0, 2)),
  );
  const [tried, setTried] = useState(false);
  const own = ownProblems(form, editing);
  const update = (patch: Partial<FormState>) => setForm((current) => ({ ...current, ...patch }));

  const server = (field: Field) =>
    field === 'scope'
      ? [fieldMessages(error, 'floors'), fieldMessages(error, 'rooms')].filter(Boolean).join(' ') ||
        undefined
      : fieldMessages(error, field);
  const messageOf = (field: Field) => {
    const mine = own[field];
    if (tried && mine) return t(mine);
    return server(field);
  };
  const describe = (field: Field) => {
    const message = messageOf(field);
    return {
      id: `${ids}-${field}`,
      'aria-invalid': message ? true : undefined,
      'aria-describedby': message ? `${ids}-${field}-error` : undefined,
    };
  };
  const fieldError = (field: Field) => (
    <FieldError id={`${ids}-${field}-error`}>{messageOf(field)}</FieldError>
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (Object.keys(own).length > 0) {
      // Focus the first field that needs the person, as a screen reader user would look for it.
      const first = (Object.keys(own) as Field[])[0];
      document.getElementById(`${ids}-${first}`)?.focus();
      return;
    }
    const before = { floors: member?.floors ?? [], rooms: member?.rooms ?? [] };
    const picked = form.whole ? { floors: [], rooms: [] } : scopeOfRooms(form.chosen, floors);
    // Unchanged rooms keep the member's own scope (rooms that make up a floor stay rooms).
    const scope =
      member && !form.whole && sameScope(roomsScope(before, floors), picked) ? before : picked;
    onSubmit({
      username: form.username.trim(),
      email: form.email.trim(),
      // The selects offer only LANGUAGE_CHOICES and ACCESS_CHOICES.
      language: form.language as Member['language'],
      access_to_smart: form.access_to_smart as Member['access_to_smart'],
      access_to_pro: form.access_to_pro as Member['access_to_pro'],
      floors: [...scope.floors],
      rooms: [...scope.rooms],
      valid_from: form.valid_from || null,
      valid_until: form.valid_until || null,
    });
  };

  const fieldNames = [
    'username',
    'email',
    'language',
    'access_to_smart',
    'access_to_pro',
    'floors',
    'rooms',
    'valid_from',
    'valid_until',
  ];
  const hasFieldMessages = fieldNames.some((field) => fieldMessages(error, field));

  return (
    <form noValidate onSubmit={submit} className="mt-4 flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <Label htmlFor={`${ids}-username`}>{t('members.form.username')}</Label>
          <Input
            {...describe('username')}
            value={form.username}
            readOnly={editing}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={200}
            className={editing ? 'bg-slate-100 dark:bg-slate-800' : undefined}
            onChange={(event) => update({ username: event.target.value })}
          />
          {fieldError('username')}
        </div>
        <div>
          <Label htmlFor={`${ids}-email`}>{t('members.form.email')}</Label>
          <Input
            {...describe('email')}
            type="email"
            autoComplete="off"
            value={form.email}
            onChange={(event) => update({ email: event.target.value })}
          />
          {fieldError('email')}
        </div>
        <div>
          <Label htmlFor={`${ids}-language`}>{t('members.form.language')}</Label>
          <select
            {...describe('language')}
            className={selectClass}
            value={form.language}
            onChange={(event) => update({ language: event.target.value })}
          >
            {LANGUAGE_CHOICES.map((code) => (
              <option key={code} value={code}>
                {t(`members.language.${code}`)}
              </option>
            ))}
          </select>
          {fieldError('language')}
        </div>
      </div>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-semibold">{t('members.form.access')}</legend>
        {(['access_to_smart', 'access_to_pro'] as const).map((field) => (
          <div key={field}>
            <Label htmlFor={`${ids}-${field}`}>{t(`members.form.${field}`)}</Label>
            <select
              {...describe(field)}
              className={selectClass}
              value={form[field]}
              onChange={(event) => update({ [field]: event.target.value })}
            >
              {ACCESS_CHOICES.map((access) => (
                <option key={access} value={access}>
                  {t(`members.accessChoice.${access}`)}
                </option>
              ))}
            </select>
            {fieldError(field)}
          </div>
        ))}
      </fieldset>
      <fieldset
        className="flex flex-col gap-2"
        aria-describedby={messageOf('scope') ? `${ids}-scope-error` : undefined}
      >
        <legend className="mb-1 text-sm font-semibold">{t('members.form.scope')}</legend>
        <Choice name={`${ids}-whole`} checked={form.whole} onChange={() => update({ whole: true })}>
          {t('members.form.scopeWhole')}
        </Choice>
        <Choice
          id={`${ids}-scope`}
          name={`${ids}-whole`}
          checked={!form.whole}
          onChange={() => update({ whole: false })}
        >
          {t('members.form.scopeSome')}
        </Choice>
        {!form.whole && (
          <>
            <p className="text-sm text-slate-600 dark:text-slate-300">
              {t('members.form.scopeHint')}
            </p>
            <RoomPicker
              floors={floors}
              selected={form.chosen}
              onChange={(next) => update({ chosen: next })}
              describedBy={messageOf('scope') ? `${ids}-scope-error` : undefined}
            />
          </>
        )}
        {fieldError('scope')}
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-1 text-sm font-semibold">{t('members.form.validity')}</legend>
        <p className="-mt-1 text-sm text-slate-600 sm:col-span-2 dark:text-slate-300">
          {t('members.form.validityHint')}
        </p>
        {(['valid_from', 'valid_until'] as const).map((field) => (
          <div key={field}>
            <Label htmlFor={`${ids}-${field}`}>{t(`members.form.${field}`)}</Label>
            <Input
              {...describe(field)}
              type="date"
              value={form[field]}
              onChange={(event) => update({ [field]: event.target.value })}
            />
            {fieldError(field)}
          </div>
        ))}
      </fieldset>
      {error !== null && error !== undefined && (
        <Alert variant="danger">
          {t(editing ? 'members.form.saveFailed' : 'members.form.addFailed')}{' '}
          {hasFieldMessages ? t('members.form.seeFields') : writeProblem(intl, error)}
        </Alert>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={pending}>
          {t(
            editing
              ? pending
                ? 'members.form.saving'
                : 'members.form.save'
              : pending
                ? 'members.form.adding'
                : 'members.form.add',
          )}
        </Button>
        <Button type="button" variant="secondary" onClick={onCancel}>
          {t('members.form.cancel')}
        </Button>
      </div>
    </form>
  );
}

/** The rooms a member's scope covers, as a scope of whole floors and single rooms. */
const roomsScope = (
  scope: { floors: readonly number[]; rooms: readonly number[] },
  floors: readonly ScopeFloor[],
) => scopeOfRooms(roomsOfScope(scope, floors), floors);

function Choice({
  id,
  name,
  checked,
  onChange,
  children,
}: {
  id?: string;
  name: string;
  checked: boolean;
  onChange: () => void;
  children: ReactNode;
}) {
  return (
    <label className="flex min-h-9 items-center gap-2 text-sm">
      <input
        id={id}
        type="radio"
        name={name}
        className="size-4 accent-primary"
        checked={checked}
        onChange={onChange}
      />
      {children}
    </label>
  );
}
