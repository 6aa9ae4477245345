import { useIntl } from 'react-intl';
import { ModalFrame } from '@/components/ui/modal-frame';
import { useAddMember } from '../api/add-member';
import { useEditMember } from '../api/edit-member';
import type { Member, MemberInput } from '../api/member-types';
import type { ScopeFloor } from '../utils/scope';
import { MemberForm } from './member-form';

/**
 * The member form in a dialog wide enough for the room picker (the whole screen's width on a
 * phone, scrolling inside): adds a member and sends the invitation, or changes one.
 */
export function MemberDialog({
  member,
  floors,
  onClose,
  onDone,
}: {
  member: Member | null;
  floors: readonly ScopeFloor[];
  onClose: () => void;
  /** Saved: what the page says about it. */
  onDone: (saved: { member: MemberInput; added: boolean }) => void;
}) {
  const intl = useIntl();
  const adding = useAddMember();
  const editing = useEditMember();
  const write = member ? editing : adding;
  const submit = (input: MemberInput) => {
    const done = () => onDone({ member: input, added: member === null });
    if (member) editing.mutate({ username: member.username, input }, { onSuccess: done });
    else adding.mutate(input, { onSuccess: done });
  };
  return (
    <ModalFrame
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      className="m-auto max-h-[calc(100dvh-1rem)] w-[min(calc(100vw-1rem),42rem)] max-w-none overflow-y-auto rounded-xl bg-white dark:bg-slate-900"
      bodyClassName="p-4 sm:p-6"
      title={intl.formatMessage(
        { id: member ? 'members.edit.title' : 'members.add.title' },
        { username: member?.username ?? '' },
      )}
      titleClassName="pr-8 text-lg font-semibold"
      description={intl.formatMessage({ id: member ? 'members.edit.text' : 'members.add.text' })}
      descriptionClassName="mt-1 text-sm text-slate-600 dark:text-slate-300"
      closeLabel={intl.formatMessage({ id: 'members.dialog.close' })}
      closeClassName="top-4 right-4 p-1 text-slate-500 hover:bg-slate-100 dark:hover:bg-slate-800"
      iconClassName="size-5"
    >
      <MemberForm
        member={member}
        floors={floors}
        pending={write.isPending}
        error={write.error}
        onSubmit={submit}
        onCancel={onClose}
      />
    </ModalFrame>
  );
}
