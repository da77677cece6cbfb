/**
 * The list mode (conversations or messages) of the account, and where it is kept (`ListModeContext`): lists of other features (search
 * results) show their rows the same way and key their pages by it.
 */
export {
  ListModeContext,
  readMode as rememberedListMode,
  rememberMode as rememberListMode,
  useListMode,
  type ListModeHook,
} from '../hooks/use-list-mode';
