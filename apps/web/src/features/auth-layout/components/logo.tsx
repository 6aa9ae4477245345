import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { Logo as ProductMark } from '@/components/ui/logo';

/** The product mark with the word mark, linking to sign in. */
export function Logo({ to }: { to: string }) {
  const intl = useIntl();
  return (
    <Link
      to={to}
      aria-label={intl.formatMessage({ id: 'authLayout.home' })}
      className="inline-flex items-center gap-2.5 rounded-lg text-lg font-semibold tracking-tight"
    >
      <ProductMark className="size-9" />
      <span>Raumregler</span>
    </Link>
  );
}
