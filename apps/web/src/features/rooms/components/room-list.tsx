import type { Floor } from '@raumregler/contract';
import { FormattedMessage, useIntl } from 'react-intl';
import { FloorName } from './floor-name';

/** Floors with their rooms, as the device reports them. */
export function RoomList({ floors, failed }: { floors: Floor[] | undefined; failed: boolean }) {
  const intl = useIntl();
  if (failed)
    return (
      <p role="alert">
        <FormattedMessage id="rooms.loadFailed" />
      </p>
    );
  if (!floors) return <p aria-busy="true">…</p>;
  return (
    <nav aria-label={intl.formatMessage({ id: 'rooms.title' })} className="flex flex-col gap-4">
      {floors.map((floor) => (
        <section key={floor.id} aria-labelledby={`floor-${floor.id}`}>
          <h2
            id={`floor-${floor.id}`}
            className="mb-1 text-sm font-semibold text-slate-500 uppercase"
          >
            <FloorName name={floor.etagenname} />
          </h2>
          <ul className="flex flex-col gap-1">
            {floor.raeume.map((room) => (
              <li key={room.id}>{room.name}</li>
            ))}
          </ul>
        </section>
      ))}
    </nav>
  );
}
