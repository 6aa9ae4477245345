import { Trash2 } from 'lucide-react';
import { useIntl, type IntlShape } from 'react-intl';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import type { AccessToken } from '../api/token-types';
import { accessText, createdText, expiresText, isExpired, lastUsedText } from '../utils/describe';
import { DetailField } from '@/components/ui/detail-field';

export interface TokenListProps {
  tokens: readonly AccessToken[];
  /** A building-wide manager: the owner of each token is shown. */
  showOwner: boolean;
  now: Date;
  today: string;
  onRevoke: (token: AccessToken) => void;
}

/** What one token's row or card says, worked out once for both. */
const describeToken = (intl: IntlShape, token: AccessToken, now: Date) => ({
  access: accessText(intl, token.access),
  expires: expiresText(intl, token.expires),
  created: createdText(intl, token.created_at, now),
  lastUsed: lastUsedText(intl, token.last_used_at, now),
});

function Expired({ token, today }: { token: AccessToken; today: string }) {
  const intl = useIntl();
  if (!isExpired(token.expires, today)) return null;
  return (
    <Badge className="ml-1.5">{intl.formatMessage({ id: 'integrations.tokens.expired' })}</Badge>
  );
}

function RevokeButton({
  token,
  compact,
  onRevoke,
}: {
  token: AccessToken;
  compact: boolean;
  onRevoke: (token: AccessToken) => void;
}) {
  const intl = useIntl();
  const label = intl.formatMessage({ id: 'integrations.revoke.action' }, { name: token.name });
  return (
    <Button
      size="sm"
      variant={compact ? 'ghost' : 'secondary'}
      aria-label={compact ? label : undefined}
      title={compact ? label : undefined}
      className={cn('text-red-700 dark:text-red-300', compact && 'size-9 px-0 [&_svg]:size-[18px]')}
      onClick={() => onRevoke(token)}
    >
      <Trash2 className="size-4" aria-hidden="true" />
      {!compact && (
        <>
          {intl.formatMessage({ id: 'integrations.revoke.short' })}
          <span className="sr-only">{`: ${token.name}`}</span>
        </>
      )}
    </Button>
  );
}

const COLUMNS = ['name', 'access', 'expires', 'created', 'lastUsed', 'owner', 'actions'] as const;

/** The tokens as a table (wide screens). */
export function TokenTable({ tokens, showOwner, now, today, onRevoke }: TokenListProps) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const columns = COLUMNS.filter((column) => showOwner || column !== 'owner');
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">{t('integrations.tokens.caption')}</caption>
        <thead className="bg-slate-50 text-left text-slate-700 dark:bg-slate-800 dark:text-slate-200">
          <tr className="border-b border-slate-200 dark:border-white/10">
            {columns.map((column) => (
              <th
                key={column}
                scope="col"
                className={cn(
                  'px-2 py-2 font-semibold whitespace-nowrap first:px-3',
                  column === 'actions' && 'text-right',
                )}
              >
                {column === 'actions' ? (
                  <span className="sr-only">{t('integrations.tokens.col.actions')}</span>
                ) : (
                  t(`integrations.tokens.col.${column}`)
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {tokens.map((token) => {
            const text = describeToken(intl, token, now);
            return (
              <tr
                key={token.id}
                className="border-b border-slate-200 align-top last:border-b-0 dark:border-white/10"
              >
                <th scope="row" className="px-3 py-2 text-left font-medium break-all">
                  {token.name}
                </th>
                <td className="px-2 py-2 whitespace-nowrap">{text.access}</td>
                <td className="px-2 py-2">
                  {text.expires}
                  <Expired token={token} today={today} />
                </td>
                <td className="px-2 py-2 whitespace-nowrap">{text.created}</td>
                <td className="px-2 py-2 whitespace-nowrap">{text.lastUsed}</td>
                {showOwner && <td className="px-2 py-2 whitespace-nowrap">{token.owner}</td>}
                <td className="px-2 py-1 text-right">
                  <RevokeButton token={token} compact onRevoke={onRevoke} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** The tokens on a phone: one card each. */
export function TokenCards({ tokens, showOwner, now, today, onRevoke }: TokenListProps) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <ul className="flex flex-col gap-3" aria-label={t('integrations.tokens.caption')}>
      {tokens.map((token) => {
        const text = describeToken(intl, token, now);
        return (
          <li
            key={token.id}
            className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 dark:border-white/10 dark:bg-slate-900"
          >
            <h3 className="font-medium break-all">{token.name}</h3>
            <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
              <DetailField label={t('integrations.tokens.col.access')}>{text.access}</DetailField>
              <DetailField label={t('integrations.tokens.col.expires')}>
                {text.expires}
                <Expired token={token} today={today} />
              </DetailField>
              <DetailField label={t('integrations.tokens.col.created')}>{text.created}</DetailField>
              <DetailField label={t('integrations.tokens.col.lastUsed')}>
                {text.lastUsed}
              </DetailField>
              {showOwner && (
                <DetailField label={t('integrations.tokens.col.owner')}>{token.owner}</DetailField>
              )}
            </dl>
            <div>
              <RevokeButton token={token} compact={false} onRevoke={onRevoke} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
