import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { DocumentTitle } from '@/lib/document-title';
import { Logo } from '@/components/ui/logo';

/** The frame of every error screen: logo, a large code, heading, text and the way out. */
export function ErrorPage({
  code,
  titleId,
  text,
  children,
}: {
  code: string;
  /** The heading's catalogue message, also the browser tab's title. */
  titleId: string;
  text: ReactNode;
  children: ReactNode;
}) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center px-6 py-12 text-center">
      <Logo className="mb-8 size-10" />
      <p className="text-6xl font-bold tracking-tight text-teal-700 sm:text-7xl dark:text-teal-400">
        {code}
      </p>
      <DocumentTitle id={titleId} />
      <h1 className="mt-4 text-2xl font-semibold tracking-tight sm:text-3xl">
        <FormattedMessage id={titleId} />
      </h1>
      <p className="mt-3 max-w-md text-slate-600 dark:text-slate-400">{text}</p>
      <div className="mt-8 flex flex-wrap items-center justify-center gap-3">{children}</div>
    </main>
  );
}

export const primaryLinkClass =
  'inline-flex h-10 items-center justify-center rounded-lg bg-primary px-4 text-sm font-medium text-white hover:bg-primary-strong focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary';
export const secondaryLinkClass =
  'inline-flex h-10 items-center justify-center rounded-lg border border-slate-300 bg-white px-4 text-sm font-medium text-slate-900 hover:bg-slate-100 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700';
