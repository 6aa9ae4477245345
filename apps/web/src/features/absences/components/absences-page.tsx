import { useQuery } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { errorReason } from '@/lib/error-reason';
import { absencesQueryOptions, type Absence, type DeviceMode } from '../api/get-absences';
import { AbsenceForm, type FloorChoice } from './absence-form';
import { AbsenceList } from './absence-list';

/**
 * `/absences`: holidays and other times away. Everyone who may read sees the list; users with
 * manage create and end them. In proxy mode (the app-config's `deviceMode`) one line says the
 * device keeps its own programme.
 */
export function AbsencesPage({
  floors,
  canManage,
  now,
  onChanged,
  deviceMode,
}: {
  floors: readonly FloorChoice[];
  canManage: boolean;
  now: Date;
  /** The route's: rooms under an absence change their target at once, so temps reload. */
  onChanged?: () => unknown;
  /** The app-config's; undefined while it loads. */
  deviceMode: DeviceMode;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const absences = useQuery(absencesQueryOptions(deviceMode));
  const names = useMemo(
    () => new Map(floors.flatMap((floor) => floor.rooms.map((room) => [room.id, room.name]))),
    [floors],
  );
  const edited = deviceMode === 'proxy';
  // The absence in the editor (issue 32): the same form as a new one, prefilled.
  const [editing, setEditing] = useState<Absence | null>(null);
  const editorTitle = useRef<HTMLHeadingElement>(null);
  const edit = (absence: Absence) => {
    setEditing(absence);
    // The editor is above the list: take the user (and the screen reader) there.
    // (focusing scrolls it into view, below the sticky header by its scroll margin).
    requestAnimationFrame(() => editorTitle.current?.focus());
  };
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6">
      <h1 className="text-2xl font-semibold sm:text-3xl">{t('absences.title')}</h1>
      <p className="text-sm text-slate-600 dark:text-slate-300">{t('absences.intro')}</p>
      {edited ? (
        <Alert variant="info">{t('absences.editedAtDevice')}</Alert>
      ) : (
        <>
          {canManage && (
            <Card className="p-4 sm:p-6">
              <h2
                ref={editorTitle}
                tabIndex={-1}
                className="mb-4 scroll-mt-(--below-header) text-lg font-semibold outline-none"
              >
                {editing ? t('absences.editTitle', { name: editing.name }) : t('absences.new')}
              </h2>
              <AbsenceForm
                key={editing?.id ?? 'new'}
                floors={floors}
                onChanged={onChanged}
                editing={editing}
                onDone={() => setEditing(null)}
              />
            </Card>
          )}
          <Card className="p-4 sm:p-6">
            {absences.isPending ? (
              <p className="text-sm">{t('absences.loading')}</p>
            ) : absences.isError ? (
              <Alert variant="danger">
                <span>
                  {t('absences.loadFailed')} {errorReason(intl, absences.error) ?? ''}
                </span>{' '}
                <Button size="sm" variant="secondary" onClick={() => void absences.refetch()}>
                  {t('absences.retry')}
                </Button>
              </Alert>
            ) : (
              <AbsenceList
                absences={absences.data}
                // An absence just ended ends "now" on the server's clock: the minute-old `now`
                // would still call it running.
                now={new Date(Math.max(now.getTime(), absences.dataUpdatedAt))}
                roomName={(id) => names.get(id) ?? String(id)}
                roomCount={names.size}
                canManage={canManage}
                onChanged={onChanged}
                onEdit={edit}
              />
            )}
          </Card>
        </>
      )}
    </div>
  );
}
