import { Mail, Pencil, Trash2 } from 'lucide-react';
import { memo, type ReactNode } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { WindowedCards, WindowedTable } from '@/components/ui/windowed-list';
import type { Member } from '../api/member-types';
import { accessLabel, lastSignInText, scopeText, validityText } from '../utils/describe';
import type { ScopeFloor } from '../utils/scope';
import { DetailField } from '@/components/ui/detail-field';

export interface MemberActions {
  edit: (member: Member) => void;
  remove: (member: Member) => void;
  resend: (member: Member) => void;
  /** The member whose invitation is being sent again. */
  resending: string | null;
}

export interface MemberListProps {
  members: readonly Member[];
  floors: readonly ScopeFloor[];
  now: Date;
  today: string;
  /** The signed-in user: marked "Sie". */
  self: string;
  actions: MemberActions;
}

/** What one member's row or card says, worked out once for both. */
function describeMember(
  intl: IntlShape,
  member: Member,
  floors: readonly ScopeFloor[],
  now: Date,
  today: string,
) {
  return {
    smart: accessLabel(intl, member.access_to_smart),
    pro: accessLabel(intl, member.access_to_pro),
    scope: scopeText(intl, member, floors),
    validity: validityText(intl, member, today),
    lastSignIn: lastSignInText(intl, member.last_sign_in, now),
  };
}

function ValidityBadge({ state }: { state: string }) {
  const intl = useIntl();
  if (state !== 'notYet' && state !== 'expired') return null;
  return (
    <Badge className="ml-1.5">{intl.formatMessage({ id: `members.validity.${state}` })}</Badge>
  );
}

function Name({ member, self }: { member: Member; self: string }) {
  const intl = useIntl();
  return (
    <>
      <span className="font-medium break-all">{member.username}</span>
      {member.username === self && (
        <span className="ml-1.5 text-xs text-slate-600 dark:text-slate-300">
          {intl.formatMessage({ id: 'members.self' })}
        </span>
      )}
      <span className="block text-sm break-all text-slate-600 dark:text-slate-300">
        {member.email}
      </span>
    </>
  );
}

/** Edit, resend the invitation, remove: buttons named with the member (icons in the table). */
function Actions({
  member,
  actions,
  compact,
}: {
  member: Member;
  actions: MemberActions;
  compact: boolean;
}) {
  const intl = useIntl();
  const label = (id: string) => intl.formatMessage({ id }, { username: member.username });
  const resending = actions.resending === member.username;
  const items: {
    id: string;
    icon: ReactNode;
    run: () => void;
    danger?: boolean;
    busy?: boolean;
  }[] = [
    {
      id: 'members.action.edit',
      icon: <Pencil className="size-4" aria-hidden="true" />,
      run: () => actions.edit(member),
    },
    {
      id: 'members.action.resend',
      icon: <Mail className="size-4" aria-hidden="true" />,
      run: () => actions.resend(member),
      busy: resending,
    },
    {
      id: 'members.action.remove',
      icon: <Trash2 className="size-4" aria-hidden="true" />,
      run: () => actions.remove(member),
      danger: true,
    },
  ];
  return (
    <div className={cn('flex gap-1.5', compact ? 'justify-end' : 'flex-wrap')}>
      {items.map((item) => (
        <Button
          key={item.id}
          size="sm"
          variant={compact ? 'ghost' : 'secondary'}
          disabled={item.busy}
          aria-label={compact ? label(item.id) : undefined}
          title={compact ? label(item.id) : undefined}
          className={cn(
            compact && 'size-9 px-0 [&_svg]:size-[18px]',
            item.danger && 'text-red-700 dark:text-red-300',
          )}
          onClick={item.run}
        >
          {item.icon}
          {!compact && (
            <>
              {intl.formatMessage({ id: `${item.id}.short` })}
              <span className="sr-only">{`: ${member.username}`}</span>
            </>
          )}
        </Button>
      ))}
    </div>
  );
}

/** One member as a table row or a phone card draws it. */
type ItemProps = Omit<MemberListProps, 'members'> & {
  member: Member;
  index: number;
  measure?: (element: Element | null) => void;
};

const Row = memo(function Row({ member, index, measure, ...props }: ItemProps) {
  const intl = useIntl();
  const { smart, pro, scope, validity, lastSignIn } = describeMember(
    intl,
    member,
    props.floors,
    props.now,
    props.today,
  );
  return (
    <tr
      ref={measure}
      data-index={index}
      aria-rowindex={index + 2}
      className="border-b border-slate-200 align-top dark:border-white/10"
    >
      <th scope="row" className="px-3 py-2 text-left font-normal">
        <Name member={member} self={props.self} />
      </th>
      <td className="px-2 py-2 whitespace-nowrap">{smart}</td>
      <td className="px-2 py-2 whitespace-nowrap">{pro}</td>
      <td className="max-w-64 px-2 py-2" title={scope.all}>
        {scope.text}
      </td>
      <td className="px-2 py-2">
        {validity.text}
        <ValidityBadge state={validity.state} />
      </td>
      <td className="px-2 py-2 whitespace-nowrap">{lastSignIn}</td>
      <td className="px-2 py-1.5">
        <Actions member={member} actions={props.actions} compact />
      </td>
    </tr>
  );
});

const COLUMNS = ['member', 'smart', 'pro', 'scope', 'validity', 'lastSignIn', 'actions'];

/**
 * The members as a table: a sticky header, one row per member, only the rows near the viewport
 * drawn on a long list.
 */
export function MemberTable({ members, ...props }: MemberListProps) {
  const intl = useIntl();
  return (
    <WindowedTable
      items={members}
      itemKey={(member) => member.username}
      label={intl.formatMessage({ id: 'members.table.caption' })}
      columns={COLUMNS.map((id) => ({
        id,
        label: intl.formatMessage({ id: `members.col.${id}` }),
      }))}
      render={(member, index, measure) => (
        <Row key={member.username} member={member} index={index} measure={measure} {...props} />
      )}
    />
  );
}

const Card = memo(function Card({ member, index, measure, ...props }: ItemProps) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { smart, pro, scope, validity, lastSignIn } = describeMember(
    intl,
    member,
    props.floors,
    props.now,
    props.today,
  );
  return (
    <li
      ref={measure}
      data-index={index}
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 dark:border-white/10 dark:bg-slate-900"
    >
      <h2 className="min-w-0">
        <Name member={member} self={props.self} />
      </h2>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
        <DetailField label={t('members.col.smart')}>{smart}</DetailField>
        <DetailField label={t('members.col.pro')}>{pro}</DetailField>
        <div className="col-span-full min-w-0">
          <dt className="text-xs text-slate-600 dark:text-slate-300">{t('members.col.scope')}</dt>
          <dd className="break-words">{scope.text}</dd>
        </div>
        <DetailField label={t('members.col.validity')}>
          {validity.text}
          <ValidityBadge state={validity.state} />
        </DetailField>
        <DetailField label={t('members.col.lastSignIn')}>{lastSignIn}</DetailField>
      </dl>
      <Actions member={member} actions={props.actions} compact={false} />
    </li>
  );
});

/** The members on a phone: one card each, near the viewport only on a long list. */
export function MemberCards({ members, ...props }: MemberListProps) {
  const intl = useIntl();
  return (
    <WindowedCards
      items={members}
      itemKey={(member) => member.username}
      label={intl.formatMessage({ id: 'members.table.caption' })}
      estimate={260}
      render={(member, index, measure) => (
        <Card key={member.username} member={member} index={index} measure={measure} {...props} />
      )}
    />
  );
}
