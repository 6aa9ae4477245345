import { useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { paths, type Area } from '@/config/paths';
import { FloorOverview } from '@/features/rooms/components/floor-overview';
import { LoadState } from '@/features/rooms/components/load-state';
import { NotFoundState } from '@/features/rooms/components/not-found-state';
import { useFreshTemps } from './use-fresh-temps';

/** /room-control/{smart|pro}/:floorId: the floor's rooms; links to room pages in SMART only. */
export default function FloorPage({ area }: { area: Area }) {
  const { floorId } = useParams();
  const intl = useIntl();
  const temps = useFreshTemps();
  if (!temps.data) return <LoadState failed={temps.isError} onRetry={() => void temps.refetch()} />;
  const floors = Array.isArray(temps.data) ? temps.data : [];
  const floor = floors.find((candidate) => String(candidate.id) === floorId);
  if (!floor)
    return (
      <NotFoundState
        title={intl.formatMessage({ id: 'rooms.floor.notFound.title' })}
        text={intl.formatMessage({ id: 'rooms.floor.notFound.text' }, { id: floorId ?? '' })}
        action={
          <Link to={paths.home} className="text-primary underline">
            {intl.formatMessage({ id: 'rooms.backHome' })}
          </Link>
        }
      />
    );
  return (
    <FloorOverview
      floor={floor}
      roomHref={area === 'smart' ? (roomId) => paths.room(area, roomId) : null}
    />
  );
}
