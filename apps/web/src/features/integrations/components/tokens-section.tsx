import { useQuery } from '@tanstack/react-query';
import { KeySquare } from 'lucide-react';
import { useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { notify } from '@/components/ui/toast';
import { usePhone } from '@/lib/use-phone';
import { useCreateToken } from '../api/create-token';
import { tokensQueryOptions } from '../api/get-tokens';
import type { AccessToken, CreatedToken, TokenInput } from '../api/token-types';
import { hasFieldMessages, tokenProblem } from '../utils/token-form';
import { RevokeDialog } from './revoke-dialog';
import { IntegrationSection } from './section';
import { TokenCards, TokenTable } from './token-list';
import { TokenForm } from './token-form';
import { TokenReveal } from './token-reveal';

/**
 * "Zugangstoken": make a token for a tool (its secret shown once), see the tokens (a
 * building-wide manager: everyone's, with their owners) and revoke them after asking.
 */
export function TokensSection({
  canWrite,
  manager,
  now,
  today,
  revealed,
  onReveal,
}: {
  canWrite: boolean;
  manager: boolean;
  now: Date;
  today: string;
  /** The token just made, its secret shown until put away (the page shares it). */
  revealed: CreatedToken | null;
  onReveal: (token: CreatedToken | null) => void;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const phone = usePhone();
  const query = useQuery(tokensQueryOptions());
  const create = useCreateToken();
  const [revoking, setRevoking] = useState<AccessToken | null>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);

  const submit = async (input: TokenInput) => {
    try {
      const made = await create.mutateAsync(input);
      // The secret lives in the page's state only, never in the query cache.
      create.reset();
      if (!made) throw new Error('An error occurred.');
      onReveal(made);
      return true;
    } catch (error) {
      // Refusals of a field are said at the field; everything else as a toast.
      if (!hasFieldMessages(error)) {
        void notify('error', t('integrations.form.failed'), {
          description: tokenProblem(intl, error, 'tokens'),
        });
      }
      return false;
    }
  };

  const tokens = query.data ?? [];
  let list;
  if (query.isPending)
    list = (
      <div className="flex justify-center py-6">
        <Spinner label={t('integrations.tokens.loading')} className="text-primary" />
      </div>
    );
  else if (query.isError)
    list = (
      <Alert variant="danger" className="items-center">
        <div className="flex flex-col items-start gap-2">
          {t('integrations.tokens.loadFailed')} {tokenProblem(intl, query.error, 'tokens')}
          <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
            {t('integrations.tokens.retry')}
          </Button>
        </div>
      </Alert>
    );
  else if (tokens.length === 0)
    list = (
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {t(manager ? 'integrations.tokens.emptyBuilding' : 'integrations.tokens.empty')}
      </p>
    );
  else {
    const List = phone ? TokenCards : TokenTable;
    list = (
      <List tokens={tokens} showOwner={manager} now={now} today={today} onRevoke={setRevoking} />
    );
  }

  return (
    <IntegrationSection
      id="tokens"
      icon={<KeySquare className="size-5 text-primary" aria-hidden="true" />}
      title={t('integrations.tokens.title')}
      text={t('integrations.tokens.text')}
    >
      <div className="rounded-lg border border-slate-200 p-4 dark:border-white/10">
        <h3 className="mb-3 font-semibold">{t('integrations.form.title')}</h3>
        <TokenForm
          canWrite={canWrite}
          today={today}
          pending={create.isPending}
          error={create.error}
          onSubmit={submit}
        />
      </div>
      {revealed && <TokenReveal token={revealed} onDismiss={() => onReveal(null)} />}
      <div>
        <h3 ref={listHeading} tabIndex={-1} className="mb-2 font-semibold focus:outline-none">
          {t(manager ? 'integrations.tokens.listAll' : 'integrations.tokens.listOwn')}
        </h3>
        {list}
      </div>
      {revoking && (
        <RevokeDialog
          token={revoking}
          onClose={() => setRevoking(null)}
          onRevoked={(token) => {
            setRevoking(null);
            if (revealed?.id === token.id) onReveal(null);
            // Its row is gone: the focus goes on from the list, not to the page's start.
            requestAnimationFrame(() => listHeading.current?.focus());
            void notify('success', t('integrations.revoke.done', { name: token.name }));
          }}
        />
      )}
    </IntegrationSection>
  );
}
