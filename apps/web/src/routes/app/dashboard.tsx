import { FormattedMessage } from 'react-intl';

export default function DashboardRoute() {
  return (
    <h1 className="text-2xl font-semibold">
      <FormattedMessage id="dashboard.title" />
    </h1>
  );
}
