import { Outlet } from 'react-router';
import { paths } from '@/config/paths';
import { BrandedLayout } from '@/features/auth-layout/components/branded-layout';

export default function BrandedLayoutRoute() {
  return (
    <BrandedLayout homePath={paths.auth.loginIn('branded')}>
      <Outlet />
    </BrandedLayout>
  );
}
