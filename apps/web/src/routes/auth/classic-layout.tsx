import { Outlet } from 'react-router';
import { paths } from '@/config/paths';
import { ClassicLayout } from '@/features/auth-layout/components/classic-layout';

export default function ClassicLayoutRoute() {
  return (
    <ClassicLayout homePath={paths.auth.loginIn('classic')}>
      <Outlet />
    </ClassicLayout>
  );
}
