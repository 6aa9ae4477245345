import { useQuery } from '@tanstack/react-query';
import { UserPlus } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { Alert } from '@/components/ui/alert';
import { ListBody } from '@/components/ui/list-body';
import { Button } from '@/components/ui/button';
import { ListToolbar } from '@/components/ui/list-toolbar';
import { useNow } from '@/lib/use-now';
import { usePhone } from '@/lib/use-phone';
import { membersQueryOptions } from '../api/get-members';
import type { Member } from '../api/member-types';
import { useResendInvitation } from '../api/resend-invitation';
import { dayOf, filterMembers } from '../utils/members';
import { writeProblem } from '../utils/errors';
import type { ScopeFloor } from '../utils/scope';
import { MemberCards, MemberTable, type MemberActions } from './member-list';
import { MemberDialog } from './member-dialog';
import { RemoveDialog } from './remove-dialog';

type Open = { kind: 'add' } | { kind: 'edit'; member: Member } | { kind: 'remove'; member: Member };

/**
 * "Mitglieder & Rollen" (`/members`, issue 34), for building-wide managers: every user with
 * their access per area, rooms, validity and last sign-in; search; add (the server mails the
 * invitation), change, remove, send the invitation again. A table with a sticky header on wide
 * screens, cards on phones, both drawn near the viewport only on a long list.
 */
export function MembersPage({
  floors,
  self,
  onSelfRemoved,
}: {
  floors: readonly ScopeFloor[];
  self: string;
  /** The signed-in manager removed themselves: their next request would be refused. */
  onSelfRemoved: () => void;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const ids = useId();
  const now = useNow();
  const phone = usePhone();
  const query = useQuery(membersQueryOptions());
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState<Open | null>(null);
  const [said, setSaid] = useState<string | null>(null);
  const resend = useResendInvitation();
  const members = useMemo(() => query.data ?? [], [query.data]);
  const shown = useMemo(() => filterMembers(members, search), [members, search]);
  const today = dayOf(now);

  const { mutate: sendAgain, isPending: sending, variables: sendingTo } = resend;
  const actions: MemberActions = useMemo(
    () => ({
      edit: (member) => setOpen({ kind: 'edit', member }),
      remove: (member) => setOpen({ kind: 'remove', member }),
      resend: (member) => {
        setSaid(null);
        sendAgain(member.username, {
          onSuccess: () =>
            setSaid(
              intl.formatMessage(
                { id: 'members.resent' },
                { username: member.username, email: member.email },
              ),
            ),
        });
      },
      resending: sending ? (sendingTo ?? null) : null,
    }),
    [intl, sendAgain, sending, sendingTo],
  );

  const List = phone ? MemberCards : MemberTable;
  const body = (
    <ListBody
      pending={query.isPending}
      failure={
        query.isError ? (
          <>
            {t('members.loadFailed')} {writeProblem(intl, query.error)}
          </>
        ) : null
      }
      onRetry={() => void query.refetch()}
      loading={t('members.loading')}
      retry={t('members.retry')}
      empty={
        shown.length > 0 ? null : t(members.length === 0 ? 'members.empty' : 'members.noMatch')
      }
    >
      <List members={shown} floors={floors} now={now} today={today} self={self} actions={actions} />
    </ListBody>
  );

  return (
    <div className="flex flex-col gap-4">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">{t('members.title')}</h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t('members.subtitle')}</p>
      </div>
      <ListToolbar
        id={ids}
        searchLabel={t('members.search')}
        search={search}
        onSearch={setSearch}
        count={
          query.data
            ? search.trim()
              ? t('members.countMatches', { count: shown.length, total: members.length })
              : t('members.count', { count: members.length })
            : ''
        }
      >
        <Button
          className="sm:ml-auto"
          onClick={() => {
            setSaid(null);
            setOpen({ kind: 'add' });
          }}
        >
          <UserPlus className="size-4" aria-hidden="true" />
          {t('members.add.open')}
        </Button>
      </ListToolbar>
      {/* Always in the page, so what is said into it is read out. */}
      <div role="status">
        {said && (
          <p className="rounded-lg bg-green-50 p-3 text-sm text-green-900 dark:bg-green-950 dark:text-green-100">
            {said}
          </p>
        )}
      </div>
      {resend.isError && (
        <Alert variant="danger">
          {t('members.resendFailed', { username: resend.variables ?? '' })}{' '}
          {writeProblem(intl, resend.error)}
        </Alert>
      )}
      {body}
      {(open?.kind === 'add' || open?.kind === 'edit') && (
        <MemberDialog
          member={open.kind === 'edit' ? open.member : null}
          floors={floors}
          onClose={() => setOpen(null)}
          onDone={({ member, added }) => {
            setOpen(null);
            setSaid(
              t(added ? 'members.added' : 'members.saved', {
                username: member.username,
                email: member.email,
              }),
            );
          }}
        />
      )}
      {open?.kind === 'remove' && (
        <RemoveDialog
          member={open.member}
          onClose={() => setOpen(null)}
          onRemoved={(member) => {
            setOpen(null);
            if (member.username === self) {
              onSelfRemoved();
              return;
            }
            setSaid(t('members.removed', { username: member.username }));
          }}
        />
      )}
    </div>
  );
}
