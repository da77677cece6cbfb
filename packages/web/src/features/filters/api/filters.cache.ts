import { staleQuery, type FeatureEventHandlers } from '../../../shared/api/event-handlers';
import { filtersKeys } from './filters.keys';

const staleList = staleQuery(filtersKeys.list);

/** Filters changed in another tab or device (or an import finished): the list is read again. */
export const filtersEventHandlers = {
  filterCreated: staleList,
  filterUpdated: staleList,
  filterDeleted: staleList,
  filterImported: staleList,
  filterImportFailed: staleList,
  filterMoveToBottom: staleList,
} satisfies FeatureEventHandlers;
