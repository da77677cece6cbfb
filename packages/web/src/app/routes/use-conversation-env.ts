import { defaultUserConfig, type Address } from '@webmail/contracts';
import { createElement, useCallback, useMemo } from 'react';
import { useContactDialogs } from '../../features/contacts/components/contact-dialogs';
import { useMailboxTree } from '../../features/mailboxes/api/get-mailbox-tree';
import { useFilterLikeThis } from '../../features/filters/components/filter-creation';
import { UnsubscribeButton } from '../../features/unsubscribe/components/unsubscribe-button';
import { findFolder } from '../../features/mailboxes/lib/folder-tree';
import type { RemoteContentEffects } from '../../features/reading/hooks/use-remote-content';
import type { ConversationEnv, UnsubscribeMessage } from '../../features/reading/lib/conversation-env';
import { useAddExternalContentSender } from '../../features/settings/api/add-external-content-sender';
import { useUserDetails } from '../../features/settings/api/get-user-details';
import { useUserConfig } from '../../features/settings/api/user-config';
import { moveTargetsOf } from './move-targets';
import { useTranslation } from '../../shared/i18n/translation';

export type ConversationAddress = Pick<
  ConversationEnv,
  | 'mailboxId'
  | 'threadId'
  | 'messageId'
  | 'messageHref'
  | 'listHref'
  | 'showBack'
  | 'inTab'
  | 'neighbourHrefs'
>;

/**
 * What the conversation view needs from other features, composed here: the folder tree (special uses, move
 * targets) from mailboxes, the sender allow list and where to go after a move or delete from settings, "add to contacts" from contacts,
 * "filter messages like this" from filters, "Unsubscribe" from unsubscribe.
 */
export function useConversationEnv(userIndex: number, address: ConversationAddress): ConversationEnv {
  const { t } = useTranslation('mailboxes');
  const tree = useMailboxTree(userIndex);
  const { mutateAsync: allowSender } = useAddExternalContentSender(userIndex);
  const folders = tree.data;
  const moveTargets = useMemo(() => moveTargetsOf(folders ?? [], t), [folders, t]);
  const folderOf = useCallback(
    (mailboxId: string): ReturnType<ConversationEnv['folderOf']> => ({
      id: mailboxId,
      specialUse: folders ? (findFolder(folders, mailboxId)?.specialUse ?? null) : null,
    }),
    [folders],
  );
  const remoteContent = useMemo<RemoteContentEffects>(() => ({ allowSender }), [allowSender]);
  const contactDialogs = useContactDialogs();
  const disabled = useUserDetails(userIndex).data?.disabledFeatures;
  const contactsOff = disabled?.includes('contacts') ?? false;
  const filterLikeThisFn = useFilterLikeThis();
  // Until the details are known filters count as off: the item would only be refused.
  const filterLikeThis =
    disabled && !disabled.includes('filters') ? (filterLikeThisFn ?? undefined) : undefined;
  const addToContacts = useMemo(
    () =>
      contactDialogs && !contactsOff
        ? (person: Address) =>
            contactDialogs.newContact({
              fullName: person.name,
              emails: [{ value: person.address, label: 'home' }],
            })
        : undefined,
    [contactDialogs, contactsOff],
  );
  const filtersOn = Boolean(disabled && !disabled.includes('filters'));
  const unsubscribe = useCallback(
    (message: UnsubscribeMessage) =>
      createElement(UnsubscribeButton, { userIndex, canBlock: filtersOn, ...message }),
    [userIndex, filtersOn],
  );
  const afterRemove = useUserConfig(userIndex).data?.afterRemove ?? defaultUserConfig.afterRemove;
  return {
    userIndex,
    remoteContent,
    folderOf,
    moveTargets,
    addToContacts,
    filterLikeThis,
    unsubscribe,
    afterRemove,
    ...address,
  };
}
