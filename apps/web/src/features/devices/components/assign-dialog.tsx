import type { MqttDevice } from '@raumregler/contract';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ModalFrame } from '@/components/ui/modal-frame';
import { SearchInput } from '@/components/ui/search-input';
import { errorReason } from '@/lib/error-reason';
import type { Assignment } from '../api/devices';

/** A floor as the room choice offers it. */
export interface DeviceFloor {
  id: number;
  name: string;
  rooms: readonly { id: number; name: string }[];
}

/** Most rooms listed at once: a building of 1,000 rooms is narrowed by the search. */
export const ROOMS_SHOWN = 100;

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();

/**
 * Choose the room of one device: a search over rooms and floors, one radio button per room (and
 * "Kein Raum"). A device of another room is moved (the server takes it from there).
 */
export function AssignDialog({
  device,
  floors,
  pending,
  error,
  onSave,
  onClose,
}: {
  device: MqttDevice;
  floors: readonly DeviceFloor[];
  pending: boolean;
  error: unknown;
  onSave: (to: Assignment['to']) => void;
  onClose: () => void;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const ids = useId();
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState<number | null>(device.room?.id ?? null);
  const needle = fold(query.trim());
  const { shown, matches } = useMemo(() => {
    const limited: DeviceFloor[] = [];
    let count = 0;
    for (const floor of floors) {
      const floorMatches = needle !== '' && fold(floor.name).includes(needle);
      const rooms = floor.rooms.filter(
        (room) => needle === '' || floorMatches || fold(room.name).includes(needle),
      );
      const room = rooms.slice(0, Math.max(0, ROOMS_SHOWN - count));
      if (room.length > 0) limited.push({ ...floor, rooms: room });
      count += rooms.length;
    }
    return { shown: limited, matches: count };
  }, [floors, needle]);
  const roomName = (id: number | null) =>
    floors.flatMap((floor) => floor.rooms).find((room) => room.id === id)?.name ?? null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const name = roomName(chosen);
    onSave(chosen === null || name === null ? null : { id: chosen, name });
  };
  const radio =
    'flex min-h-10 cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm hover:bg-slate-100 dark:hover:bg-slate-800';

  return (
    <ModalFrame
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      className="m-auto max-h-[calc(100dvh-1rem)] w-[min(calc(100vw-1rem),32rem)] max-w-none overflow-y-auto rounded-xl bg-white dark:bg-slate-900"
      bodyClassName="p-4 sm:p-6"
      title={t('devices.assign.title', { name: device.name })}
      titleClassName="pr-8 text-lg font-semibold break-all"
      description={t('devices.assign.text')}
      descriptionClassName="mt-1 text-sm text-slate-600 dark:text-slate-300"
      closeLabel={t('devices.assign.close')}
      closeClassName="top-4 right-4 p-1 text-slate-500 hover:bg-slate-100 dark:hover:bg-slate-800"
      iconClassName="size-5"
    >
      <form onSubmit={submit} className="mt-4 flex flex-col gap-3">
        <div>
          <label htmlFor={`${ids}-search`} className="mb-1 block text-sm font-medium">
            {t('devices.assign.search')}
          </label>
          <SearchInput
            id={`${ids}-search`}
            value={query}
            aria-describedby={`${ids}-matches`}
            onChange={(event) => setQuery(event.target.value)}
          />
          <p id={`${ids}-matches`} className="mt-1 text-xs text-slate-600 dark:text-slate-300">
            {matches > ROOMS_SHOWN
              ? t('devices.assign.narrow', { shown: ROOMS_SHOWN, count: matches })
              : t('devices.assign.matches', { count: matches })}
          </p>
        </div>
        <fieldset
          className="max-h-72 overflow-y-auto rounded-lg border border-slate-200 p-2 dark:border-white/10"
          tabIndex={-1}
        >
          <legend className="sr-only">{t('devices.assign.legend')}</legend>
          <label className={radio}>
            <input
              type="radio"
              name={`${ids}-room`}
              checked={chosen === null}
              onChange={() => setChosen(null)}
            />
            {t('devices.room.none')}
          </label>
          {shown.map((floor) => (
            <div key={floor.id} role="group" aria-label={floor.name}>
              <p
                className="px-2 pt-2 text-xs font-semibold text-slate-600 dark:text-slate-300"
                aria-hidden="true"
              >
                {floor.name}
              </p>
              {floor.rooms.map((room) => (
                <label key={room.id} className={radio}>
                  <input
                    type="radio"
                    name={`${ids}-room`}
                    checked={chosen === room.id}
                    onChange={() => setChosen(room.id)}
                  />
                  {room.name}
                </label>
              ))}
            </div>
          ))}
        </fieldset>
        {chosen !== null && device.room && device.room.id !== chosen && (
          <p className="text-sm text-slate-700 dark:text-slate-200">
            {t('devices.assign.moves', { from: device.room.name })}
          </p>
        )}
        {error != null && (
          <Alert variant="danger">
            {t('devices.assign.failed')} {errorReason(intl, error) ?? (error as Error).message}
          </Alert>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t('devices.assign.cancel')}
          </Button>
          <Button type="submit" disabled={pending || chosen === (device.room?.id ?? null)}>
            {t(pending ? 'devices.assign.saving' : 'devices.assign.save')}
          </Button>
        </div>
      </form>
    </ModalFrame>
  );
}
