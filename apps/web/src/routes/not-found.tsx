import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

export default function NotFoundRoute() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-4">
      <h1 className="text-2xl font-semibold">
        <FormattedMessage id="error.404.title" />
      </h1>
      <Link to={paths.home} className="text-teal-700 underline dark:text-teal-400">
        <FormattedMessage id="error.404.returnHome" />
      </Link>
    </main>
  );
}
