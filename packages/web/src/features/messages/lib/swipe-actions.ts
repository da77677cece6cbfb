import type { MessageSummary, SwipeAction, SwipeSettings } from '@webmail/contracts';
import {
  findAction,
  type ActionFolder,
  type MessageAction,
  type MessageActionId,
} from '../actions/message-actions';
import type { SwipeSide } from '../hooks/use-row-swipe';
import { rowSelection } from '../hooks/use-message-selection';

/** The registry's actions a swipe setting stands for: the first one available runs. */
const swipeCandidates: Record<SwipeAction, MessageActionId[]> = {
  archive: ['archive'],
  trash: ['trash', 'delete'],
  read: ['seen', 'unseen'],
  none: [],
};

/**
 * What a touch swipe on a row does, from the registry, as the user set each side (by default to the right it
 * archives, to the left it moves to Trash — in Trash and Junk it deletes, after asking). A side with no action
 * available here does not swipe.
 */
export function swipeActionsOf(
  row: MessageSummary,
  folder: ActionFolder,
  swipeSettings: SwipeSettings,
): Partial<Record<SwipeSide, MessageAction>> {
  const target = rowSelection(folder.id, row);
  const first = (setting: SwipeAction) =>
    swipeCandidates[setting].map(findAction).find((candidate) => candidate.isAvailable(target, folder));
  return { right: first(swipeSettings.right), left: first(swipeSettings.left) };
}
