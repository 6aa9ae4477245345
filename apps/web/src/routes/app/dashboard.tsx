import { LayoutDashboard } from 'lucide-react';
import { FormattedMessage } from 'react-intl';
import { IconBadge } from '@/components/ui/icon-badge';

/** Spec section 2: the dashboard is empty; it greets and points to the menu. */
export default function DashboardRoute() {
  return (
    <div>
      <h1 className="text-2xl font-semibold tracking-tight">
        <FormattedMessage id="dashboard.title" />
      </h1>
      <div className="mt-6 flex flex-col items-center rounded-xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center dark:border-white/15 dark:bg-slate-900">
        <IconBadge icon={LayoutDashboard} />
        <p className="mt-4 font-medium">
          <FormattedMessage id="dashboard.empty.title" />
        </p>
        <p className="mt-1 max-w-sm text-sm text-slate-600 dark:text-slate-400">
          <FormattedMessage id="dashboard.empty.text" />
        </p>
      </div>
    </div>
  );
}
