import { ScheduledList } from '../../features/compose/components/scheduled-list';
import { useUserIndex } from '../../shared/session/use-user-index';

/** Route Scheduled (`/u/{i}/scheduled`): the messages waiting to be sent later. */
export function ScheduledRoute() {
  return <ScheduledList userIndex={useUserIndex()} />;
}
