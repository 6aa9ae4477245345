import { useIntl } from 'react-intl';
import { Link } from 'react-router';

/** The product mark (the favicon's thermometer) with the word mark, linking to sign in. */
export function Logo({ to }: { to: string }) {
  const intl = useIntl();
  return (
    <Link
      to={to}
      aria-label={intl.formatMessage({ id: 'authLayout.home' })}
      className="inline-flex items-center gap-2.5 rounded-lg text-lg font-semibold tracking-tight"
    >
      <svg viewBox="0 0 32 32" className="size-9" aria-hidden="true">
        <rect width="32" height="32" rx="8" className="fill-primary" />
        <path
          d="M16 6a4 4 0 0 0-4 4v8.5a6 6 0 1 0 8 0V10a4 4 0 0 0-4-4Z"
          fill="none"
          stroke="#fff"
          strokeWidth="2.2"
        />
        <circle cx="16" cy="23" r="2.6" fill="#fff" />
      </svg>
      <span>Raumregler</span>
    </Link>
  );
}
