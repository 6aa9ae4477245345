import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A link that looks like the primary button: the step leads somewhere, it sends nothing. */
export function LinkButton({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="bg-primary hover:bg-primary-strong focus-visible:outline-primary inline-flex h-12 items-center justify-center rounded-lg px-5 text-base font-medium text-white focus-visible:outline-2 focus-visible:outline-offset-2"
    >
      {children}
    </Link>
  );
}
