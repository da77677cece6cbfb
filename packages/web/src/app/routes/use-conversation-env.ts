import type { Folder } from '@webmail/contracts';
import { useCallback, useMemo } from 'react';
import { useMailboxTree } from '../../features/mailboxes/api/get-mailbox-tree';
import { useFolderCountEffects } from '../../features/mailboxes/hooks/use-folder-count-effects';
import { folderDisplayName } from '../../features/mailboxes/lib/folder-display-name';
import { findFolder, splitTopLevel } from '../../features/mailboxes/lib/folder-tree';
import type { ActionFolder } from '../../features/messages/actions/message-actions';
import type { MoveTarget } from '../../features/messages/components/more-actions-menu';
import type { RemoteContentEffects } from '../../features/messages/hooks/use-remote-content';
import type { ConversationEnv } from '../../features/messages/lib/conversation-env';
import { useAddExternalContentSender } from '../../features/settings/api/add-external-content-sender';
import { useTranslation, type TFunction } from '../../shared/i18n/translation';

/** Folders in sidebar order, children under their parents, hidden ones left out (as the mailbox route's menu). */
function moveTargetsOf(folders: readonly Folder[], t: TFunction<'mailboxes'>, depth = 0): MoveTarget[] {
  const top = depth === 0 ? splitTopLevel(folders) : null;
  const ordered = top ? [...top.system, ...top.custom] : folders;
  return ordered
    .filter((folder) => !folder.hidden)
    .flatMap((folder) => [
      { id: folder.id, name: folderDisplayName(folder, t), depth },
      ...moveTargetsOf(folder.children, t, depth + 1),
    ]);
}

export type ConversationAddress = Pick<
  ConversationEnv,
  'mailboxId' | 'threadId' | 'messageId' | 'messageHref' | 'listHref' | 'showBack' | 'inTab'
>;

/**
 * What the conversation view needs from other features, composed here (features do not import each other): the
 * folder tree (special uses, move targets) and its counts from mailboxes, the sender allow list from settings.
 */
export function useConversationEnv(userIndex: number, address: ConversationAddress): ConversationEnv {
  const { t } = useTranslation('mailboxes');
  const tree = useMailboxTree(userIndex);
  const counts = useFolderCountEffects(userIndex);
  const { mutateAsync: allowSender } = useAddExternalContentSender(userIndex);
  const folders = tree.data;
  const moveTargets = useMemo(() => moveTargetsOf(folders ?? [], t), [folders, t]);
  const folderOf = useCallback(
    (mailboxId: string): ActionFolder => ({
      id: mailboxId,
      specialUse: folders ? (findFolder(folders, mailboxId)?.specialUse ?? null) : null,
    }),
    [folders],
  );
  const remoteContent = useMemo<RemoteContentEffects>(() => ({ allowSender }), [allowSender]);
  return { userIndex, counts, remoteContent, folderOf, moveTargets, ...address };
}
