/**
 * The list mode (conversations or messages) chosen on this device per account: lists of other features (search
 * results) show their rows the same way and key their pages by it.
 */
export { useListMode } from '../hooks/use-list-mode';
