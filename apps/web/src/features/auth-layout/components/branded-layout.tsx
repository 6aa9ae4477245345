import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { HouseIllustration } from './house-illustration';
import { LanguageSwitch } from './language-switch';
import { Logo } from './logo';

const points = ['authLayout.panel.point1', 'authLayout.panel.point2', 'authLayout.panel.point3'];

/**
 * The frame of the auth screens under /auth: the form on a quiet surface, beside it (from
 * 1200 px) a calm panel naming the building. On a phone only the form and the logo remain.
 */
export function BrandedLayout({
  homePath,
  building,
  children,
}: {
  homePath: string;
  /** The building's name from the app config; the app's name until it is known. */
  building: string;
  children: ReactNode;
}) {
  return (
    <div className="grid min-h-dvh bg-white lg:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)] dark:bg-slate-950">
      <div className="flex flex-col px-5 py-6 sm:px-10 sm:py-8">
        <header className="flex flex-wrap items-center justify-between gap-3">
          <Logo to={homePath} />
          <LanguageSwitch />
        </header>
        <main className="flex flex-1 items-center justify-center py-10">
          <div className="w-full max-w-sm">{children}</div>
        </main>
        <footer className="text-center text-xs text-slate-600 lg:text-left dark:text-slate-400">
          <FormattedMessage id="authLayout.footer" values={{ building }} />
        </footer>
      </div>
      <aside className="relative hidden overflow-hidden bg-gradient-to-br from-teal-700 via-teal-800 to-slate-900 dark:from-teal-900 dark:via-slate-900 dark:to-slate-950 p-12 text-white lg:flex lg:flex-col lg:justify-center">
        <div className="mx-auto w-full max-w-md">
          <HouseIllustration className="mb-10 w-full max-w-sm" />
          <h2 className="text-3xl font-semibold tracking-tight">
            <FormattedMessage id="authLayout.panel.title" />
          </h2>
          <p className="mt-3 text-base text-teal-50">
            <FormattedMessage
              id="authLayout.panel.text"
              values={{ building: <strong className="font-semibold">{building}</strong> }}
            />
          </p>
          <ul className="mt-6 flex flex-col gap-3 text-sm text-teal-50">
            {points.map((id) => (
              <li key={id} className="flex items-start gap-2.5">
                <span className="mt-0.5 rounded-full bg-white/15 p-0.5" aria-hidden="true">
                  <Check className="size-3.5" />
                </span>
                <FormattedMessage id={id} />
              </li>
            ))}
          </ul>
        </div>
      </aside>
    </div>
  );
}
