import { useId, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FieldError, Input, Label } from '@/components/ui/input';
import { RoomPicker, type PickerFloor } from '@/components/room-picker';
import type { ApiError } from '@/lib/api-error';
import { errorReason } from '@/lib/error-reason';
import { useCreateAbsence } from '../api/create-absence';
import { useEditAbsence } from '../api/edit-absence';
import type { Absence } from '../api/get-absences';
import {
  absenceToForm,
  TARGET_MAX,
  TARGET_MIN,
  toWireLocal,
  validateAbsence,
  type AbsenceForm as Form,
} from '../utils/absences';

export type FloorChoice = PickerFloor;

const empty: Form = { name: '', from: '', to: '', target: '16', all: true, rooms: [] };
type Field = keyof Form;

/**
 * Create an absence: name, period, target, all rooms or some; every problem said at its field.
 * With `editing`, the same form changes that absence (issue 32), prefilled with it.
 */
export function AbsenceForm({
  floors,
  onChanged,
  editing = null,
  onDone,
}: {
  floors: readonly FloorChoice[];
  onChanged?: () => unknown;
  editing?: Absence | null;
  /** The edit was saved or cancelled. */
  onDone?: () => void;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const ids = useId();
  const [form, setForm] = useState<Form>(() =>
    editing
      ? absenceToForm(
          editing,
          floors.reduce((sum, floor) => sum + floor.rooms.length, 0),
        )
      : empty,
  );
  const [tried, setTried] = useState(false);
  const [created, setCreated] = useState(false);
  const creating = useCreateAbsence(onChanged);
  const editingMutation = useEditAbsence(onChanged);
  const create = editing ? editingMutation : creating;
  const own = validateAbsence(form, new Date());
  const serverMessages = (create.error as ApiError | null)?.messages ?? {};
  const messageOf = (field: Field) => {
    if (tried && own[field]) return t(own[field], { min: TARGET_MIN, max: TARGET_MAX });
    const server = (serverMessages as Record<string, unknown>)[field];
    const texts = (Array.isArray(server) ? server : server ? [server] : []) as string[];
    return texts.length > 0 ? texts.join(' ') : undefined;
  };
  const update = (patch: Partial<Form>) => {
    setForm((current) => ({ ...current, ...patch }));
    setCreated(false);
  };
  const fieldProps = (field: Field) => {
    const message = messageOf(field);
    return {
      id: `${ids}-${field}`,
      'aria-invalid': message ? true : undefined,
      'aria-describedby': message ? `${ids}-${field}-error` : undefined,
    };
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (Object.keys(own).length > 0) return;
    const input = {
      name: form.name.trim(),
      from: toWireLocal(form.from),
      to: toWireLocal(form.to),
      target: Number(form.target.replace(',', '.')),
      rooms: form.all ? ('all' as const) : form.rooms,
    };
    const onSuccess = () => {
      setForm(empty);
      setTried(false);
      setCreated(true);
    };
    if (editing) editingMutation.mutate({ id: editing.id, ...input }, { onSuccess: onDone });
    else creating.mutate(input, { onSuccess });
  };
  const knownFields = ['name', 'from', 'to', 'target', 'rooms'];
  const otherMessages = Object.entries(serverMessages)
    .filter(([key]) => !knownFields.includes(key))
    .flatMap(([, value]) => (Array.isArray(value) ? value : [value]))
    .map(String);
  const chosenRooms = new Set(form.rooms);
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <div>
        <Label htmlFor={`${ids}-name`}>{t('absences.form.name')}</Label>
        <Input
          {...fieldProps('name')}
          value={form.name}
          maxLength={100}
          placeholder={t('absences.form.namePlaceholder')}
          onChange={(event) => update({ name: event.target.value })}
        />
        <FieldError id={`${ids}-name-error`}>{messageOf('name')}</FieldError>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <Label htmlFor={`${ids}-from`}>{t('absences.form.from')}</Label>
          <Input
            {...fieldProps('from')}
            type="datetime-local"
            value={form.from}
            onChange={(event) => update({ from: event.target.value })}
          />
          <FieldError id={`${ids}-from-error`}>{messageOf('from')}</FieldError>
        </div>
        <div>
          <Label htmlFor={`${ids}-to`}>{t('absences.form.to')}</Label>
          <Input
            {...fieldProps('to')}
            type="datetime-local"
            value={form.to}
            onChange={(event) => update({ to: event.target.value })}
          />
          <FieldError id={`${ids}-to-error`}>{messageOf('to')}</FieldError>
        </div>
      </div>
      <div className="max-w-48">
        <Label htmlFor={`${ids}-target`}>{t('absences.form.target')}</Label>
        <Input
          {...fieldProps('target')}
          type="number"
          inputMode="decimal"
          min={TARGET_MIN}
          max={TARGET_MAX}
          step={0.5}
          value={form.target}
          onChange={(event) => update({ target: event.target.value })}
        />
        <FieldError id={`${ids}-target-error`}>{messageOf('target')}</FieldError>
      </div>
      <fieldset
        aria-describedby={messageOf('rooms') ? `${ids}-rooms-error` : undefined}
        className="flex flex-col gap-2"
      >
        <legend className="mb-1 text-sm font-medium">{t('absences.form.rooms')}</legend>
        <label className="flex min-h-9 items-center gap-2 text-sm">
          <input
            type="radio"
            name={`${ids}-scope`}
            className="size-4 accent-primary"
            checked={form.all}
            onChange={() => update({ all: true })}
          />
          {t('absences.form.allRooms')}
        </label>
        <label className="flex min-h-9 items-center gap-2 text-sm">
          <input
            type="radio"
            name={`${ids}-scope`}
            className="size-4 accent-primary"
            checked={!form.all}
            onChange={() => update({ all: false })}
          />
          {t('absences.form.someRooms')}
        </label>
        {!form.all && (
          <RoomPicker
            floors={floors}
            selected={chosenRooms}
            onChange={(next) => update({ rooms: [...next] })}
            describedBy={messageOf('rooms') ? `${ids}-rooms-error` : undefined}
          />
        )}
        <FieldError id={`${ids}-rooms-error`}>{messageOf('rooms')}</FieldError>
      </fieldset>
      {create.isError && (
        <Alert variant="danger">
          {t(editing ? 'absences.saveFailed' : 'absences.createFailed')}{' '}
          {otherMessages.length > 0
            ? otherMessages.join(' ')
            : Object.keys(serverMessages).length > 0
              ? t('absences.seeFields')
              : (errorReason(intl, create.error) ?? '')}
        </Alert>
      )}
      <div className="flex items-center gap-3">
        <Button type="submit" disabled={create.isPending}>
          {editing
            ? t(create.isPending ? 'absences.saving' : 'absences.save')
            : create.isPending
              ? t('absences.creating')
              : t('absences.create')}
        </Button>
        {editing && (
          <Button type="button" variant="secondary" onClick={onDone}>
            {t('absences.cancelEdit')}
          </Button>
        )}
        <span role="status" className="text-sm">
          {created ? t('absences.created') : ''}
        </span>
      </div>
    </form>
  );
}
