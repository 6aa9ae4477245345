import { ShieldAlert } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import type { CreatedToken } from '../api/token-types';
import { CopyButton } from './copy-button';

/**
 * The secret of a token just made, shown this once (the server keeps only its hash): the token,
 * a copy button, that it will not be shown again, and a button that puts it away. It takes the
 * focus when it appears, so keyboard and screen reader users find it.
 */
export function TokenReveal({ token, onDismiss }: { token: CreatedToken; onDismiss: () => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const heading = useRef<HTMLHeadingElement>(null);
  const secret = useRef<HTMLElement>(null);
  useEffect(() => heading.current?.focus(), [token.id]);
  return (
    <section
      aria-labelledby="token-reveal-title"
      className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-700/60 dark:bg-amber-950/40 dark:text-amber-50"
    >
      <h3
        id="token-reveal-title"
        ref={heading}
        tabIndex={-1}
        className="flex items-center gap-2 font-semibold focus:outline-none"
      >
        <ShieldAlert className="size-5 shrink-0" aria-hidden="true" />
        {t('integrations.reveal.title', { name: token.name })}
      </h3>
      <p className="mt-1 text-sm">{t('integrations.reveal.once')}</p>
      <p className="mt-3 text-sm font-medium">{t('integrations.reveal.secret')}</p>
      <code
        ref={secret}
        tabIndex={-1}
        className="mt-1 block rounded-lg border border-amber-300 bg-white px-3 py-2 font-mono text-sm break-all text-slate-900 select-all dark:border-amber-700/60 dark:bg-slate-900 dark:text-slate-100"
      >
        {token.token}
      </code>
      <div className="mt-3 flex flex-wrap items-start gap-3">
        <CopyButton text={token.token} target={secret} label={t('integrations.reveal.copy')} />
        <Button variant="ghost" size="sm" onClick={onDismiss}>
          {t('integrations.reveal.dismiss')}
        </Button>
      </div>
    </section>
  );
}
