import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { LanguageSwitch } from './language-switch';
import { Logo } from './logo';

/** The plain frame under /auth/classic: logo, one card, the language switch. */
export function ClassicLayout({ homePath, children }: { homePath: string; children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-6 bg-slate-100 px-4 py-8 dark:bg-slate-950">
      <header>
        <Logo to={homePath} />
      </header>
      <main className="w-full max-w-md">
        <Card className="p-6 sm:p-8">{children}</Card>
      </main>
      <footer>
        <LanguageSwitch />
      </footer>
    </div>
  );
}
