import { staleQuery, type FeatureEventHandlers } from '../../../shared/api/event-handlers';
import { composeKeys } from './compose.keys';

const staleScheduled = staleQuery(composeKeys.scheduled);

/** Send later: a message was scheduled, moved, cancelled or left; the Scheduled view and its count are read again. */
export const composeEventHandlers = {
  scheduledChanged: staleScheduled,
  scheduledSent: staleScheduled,
} satisfies FeatureEventHandlers;
