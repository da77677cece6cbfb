import type { EventContext, FeatureEventHandlers } from '../../../shared/api/event-handlers';
import { filtersKeys } from './filters.keys';

const staleList = (_event: unknown, { userIndex, stale }: EventContext) =>
  stale({ queryKey: filtersKeys.list(userIndex) });

/** Filters changed in another tab or device (or an import finished): the list is read again. */
export const filtersEventHandlers = {
  filterCreated: staleList,
  filterUpdated: staleList,
  filterDeleted: staleList,
  filterImported: staleList,
  filterImportFailed: staleList,
  filterMoveToBottom: staleList,
} satisfies FeatureEventHandlers;
