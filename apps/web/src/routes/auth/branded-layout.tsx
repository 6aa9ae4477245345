import { Outlet } from 'react-router';
import { paths } from '@/config/paths';
import { useAppConfig } from '@/features/auth/api/get-app-config';
import { BrandedLayout } from '@/features/auth-layout/components/branded-layout';

export default function BrandedLayoutRoute() {
  const config = useAppConfig();
  return (
    <BrandedLayout
      homePath={paths.auth.loginIn('branded')}
      building={config.data?.buildingName ?? 'Raumregler'}
    >
      <Outlet />
    </BrandedLayout>
  );
}
