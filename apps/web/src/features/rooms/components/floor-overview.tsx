import { roomActivity, type Floor, type Room } from '@raumregler/contract';
import { ChevronRight } from 'lucide-react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { formatTemperature, isCooling } from '../utils/room-values';
import { FloorName } from './floor-name';

/** A floor's rooms with their three figures; in SMART each title opens the room page. */
export function FloorOverview({
  floor,
  roomHref,
}: {
  floor: Floor;
  /** Link of a room's page, or null where rooms are not links (PRO). */
  roomHref: ((roomId: number) => string) | null;
}) {
  const intl = useIntl();
  const rooms = Array.isArray(floor.raeume) ? floor.raeume : [];
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold sm:text-3xl">
        <FloorName name={String(floor.etagenname ?? '')} />
      </h1>
      {rooms.length === 0 ? (
        <p className="text-slate-600 dark:text-slate-400">
          {intl.formatMessage({ id: 'rooms.floor.empty' })}
        </p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {rooms.map((room) => (
            <li key={room.id}>
              <RoomCard room={room} href={roomHref ? roomHref(room.id) : null} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function RoomCard({ room, href }: { room: Room; href: string | null }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  // "Danach" is the contract's next change (after a temporary target: what holds at its end).
  const activity = roomActivity(room);
  const temporary = activity.now.kind === 'temporary';
  const after = activity.next?.target ?? null;
  const chip = temporary
    ? 'rooms.figure.temporary'
    : activity.now.kind === 'absent'
      ? 'rooms.figure.absent'
      : null;
  const figures = [
    { label: t('rooms.figure.current'), value: room.temperatur },
    {
      label: t(isCooling(room) ? 'rooms.figure.targetCooling' : 'rooms.figure.target'),
      value: room.solltemperatur,
    },
    { label: t('rooms.figure.after'), value: after },
  ];
  return (
    <Card
      className={cn(
        'relative flex h-full flex-col gap-3 p-4 transition-colors',
        isCooling(room) ? 'has-[a:hover]:border-sky-400' : 'has-[a:hover]:border-orange-400',
      )}
    >
      <h2 className="flex items-center justify-between gap-2 text-lg font-semibold">
        {href ? (
          <Link
            to={href}
            className="rounded after:absolute after:inset-0 after:rounded-xl hover:underline focus-visible:outline-2 focus-visible:outline-primary"
          >
            {room.name}
          </Link>
        ) : (
          <span>{room.name}</span>
        )}
        {chip && (
          <span className="rounded-full bg-orange-100 px-2 py-0.5 text-xs font-medium text-orange-800 dark:bg-orange-950 dark:text-orange-300">
            {t(chip)}
          </span>
        )}
        {href && !chip && <ChevronRight className="size-5 text-slate-400" aria-hidden="true" />}
      </h2>
      <dl className="grid grid-cols-3 gap-2">
        {figures.map((figure) => (
          <div key={figure.label} className="flex flex-col">
            <dt className="text-xs text-slate-600 dark:text-slate-400">{figure.label}</dt>
            <dd className="text-xl font-semibold tabular-nums">
              {formatTemperature(intl, figure.value)}
            </dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
