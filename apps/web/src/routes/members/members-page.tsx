import { managesBuilding } from '@raumregler/contract';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { Navigate } from 'react-router';
import { PageSpinner } from '@/components/ui/page-spinner';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/components/auth-provider';
import { MembersPage } from '@/features/members/components/members-page';
import { useBuildingData } from '@/features/rooms/components/building-data-provider';

/**
 * `/members`, "Mitglieder & Rollen" (issue 34): for building-wide managers (manage without a
 * scope). Everyone else gets the app's not-found page, as for any address that is not theirs
 * (the server refuses them with 403). The floors and rooms come from temps, which a
 * building-wide manager reads whole.
 */
export default function MembersRoute() {
  const intl = useIntl();
  const { auth, logout } = useAuth();
  const { temps, permissions } = useBuildingData();
  const floors = useMemo(
    () =>
      (Array.isArray(temps.data) ? temps.data : []).map((floor) => {
        const short = String(floor.etagenname ?? '');
        const id = `floor.${short}`;
        return {
          id: floor.id,
          short,
          name: intl.messages[id] ? intl.formatMessage({ id }) : short,
          rooms: (floor.raeume ?? []).map((room) => ({ id: room.id, name: room.name })),
        };
      }),
    [temps.data, intl],
  );
  // Until the permissions are known (or while the controller is away) nobody is sent away.
  if (!permissions.data) return <PageSpinner />;
  if (!managesBuilding(permissions.data)) return <Navigate to={paths.error.notFound} replace />;
  return <MembersPage floors={floors} self={auth?.username ?? ''} onSelfRemoved={logout} />;
}
