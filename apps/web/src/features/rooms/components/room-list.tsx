import { FormattedMessage } from 'react-intl';
import { useTemps } from '../api/get-temps';
import { FloorName } from './floor-name';

/** Floors with their rooms, as the device reports them. */
export function RoomList() {
  const temps = useTemps();
  if (temps.isPending) return <p aria-busy="true">…</p>;
  if (temps.isError)
    return (
      <p role="alert">
        <FormattedMessage id="rooms.loadFailed" />
      </p>
    );
  return (
    <nav aria-label="Räume" className="flex flex-col gap-4">
      {temps.data.map((floor) => (
        <section key={floor.id} aria-labelledby={`floor-${floor.id}`}>
          <h2
            id={`floor-${floor.id}`}
            className="mb-1 text-sm font-semibold uppercase text-slate-500"
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
