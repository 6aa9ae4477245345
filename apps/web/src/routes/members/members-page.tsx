import { managesBuilding } from '@raumregler/contract';
import { Navigate } from 'react-router';
import { PageSpinner } from '@/components/ui/page-spinner';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/components/auth-provider';
import { MembersPage } from '@/features/members/components/members-page';
import { useBuildingData } from '@/features/rooms/components/building-data-provider';
import { useFloorChoices } from '@/features/rooms/hooks/use-floor-choices';

/**
 * `/members`, "Mitglieder & Rollen" (issue 34): for building-wide managers (manage without a
 * scope). Everyone else gets the app's not-found page, as for any address that is not theirs
 * (the server refuses them with 403). The floors and rooms come from temps, which a
 * building-wide manager reads whole.
 */
export default function MembersRoute() {
  const { auth, logout } = useAuth();
  const { permissions } = useBuildingData();
  const floors = useFloorChoices();
  // Until the permissions are known (or while the controller is away) nobody is sent away.
  if (!permissions.data) return <PageSpinner />;
  if (!managesBuilding(permissions.data)) return <Navigate to={paths.error.notFound} replace />;
  return <MembersPage floors={floors} self={auth?.username ?? ''} onSelfRemoved={logout} />;
}
