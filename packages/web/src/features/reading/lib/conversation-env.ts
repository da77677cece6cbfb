import type { Address, AfterRemove, Folder, UnsubscribeMethod } from '@webmail/contracts';
import type { ReactNode } from 'react';
import type { MoveTarget } from '../../messages/components/more-actions-menu';
import type { RemoteContentEffects } from '../hooks/use-remote-content';

/**
 * What the conversation view gets from its route: the address, and what belongs to other features (the folder
 * tree's special uses, the external-content allow list) or to the layout it is shown in (main or tab).
 */
export interface ConversationEnv {
  userIndex: number;
  /** The folder the conversation was opened from, and the addressed message's UID in it. */
  mailboxId: string;
  threadId: string;
  messageId: number;
  remoteContent: RemoteContentEffects;
  /** The folder of a message (its special use decides which actions are offered). */
  folderOf: (mailboxId: string) => Pick<Folder, 'id' | 'specialUse'>;
  moveTargets: MoveTarget[];
  /** The address of another message of the folder's list (previous / next), in this layout. */
  messageHref: (thread: string, messageId: number) => string;
  /**
   * Opened from a list other than the folder's (search results): the previous and next messages of that list,
   * as addresses. Without it they come from the folder's list.
   */
  neighbourHrefs?: { previous: string | null; next: string | null };
  /** The folder's list: the back button (where shown) and where "mark as unread" returns to. */
  listHref: string;
  /** Small screens and the 2-panel layout: the conversation replaces the list, so it has a back button. */
  showBack: boolean;
  /** Shown in the tab layout (MailboxThreadTab): no back button, no "open in new tab". */
  inTab: boolean;
  /** Where the reader goes once the addressed message was moved or deleted (General settings). */
  afterRemove: AfterRemove;
  /**
   * That place as an address, worked out by the conversation view from the list's neighbours (the list when there
   * is no such neighbour). Absent outside the view.
   */
  afterRemoveHref?: string;
  /** "Add to contacts" on the sender and recipients (absent when contacts are switched off). */
  addToContacts?: (person: Address) => void;
  /** "Filter messages like this" in a message's menu: by its List-Id, else its sender (absent when filters are off). */
  filterLikeThis?: (message: { from: Address | null; listId?: string | null }) => void;
  /** "Unsubscribe" in the header of a message that names a way to leave its list (the unsubscribe feature's). */
  unsubscribe?: (message: UnsubscribeMessage) => ReactNode;
}

/** A list message as the unsubscribe button needs it. */
export interface UnsubscribeMessage {
  mailboxId: string;
  messageId: number;
  sender: Address | null;
  methods: UnsubscribeMethod[];
}
