import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { AppEventCommand, AppEventOf } from '@webmail/contracts';

/** What an event makes stale: queries under a key, every query showing mail of any folder, or all of the user's. */
export type Stale = { queryKey: QueryKey } | 'mailOfAnyFolder' | 'everything';

/** What a feature's event handler gets besides the event: the caches of the user on screen. */
export interface EventContext {
  queryClient: QueryClient;
  userIndex: number;
  /** Marks queries stale in the stream's batch, so a burst of events costs one refetch per query. */
  stale: (...items: Stale[]) => void;
}

export type EventHandler<C extends AppEventCommand> = (event: AppEventOf<C>, context: EventContext) => void;

/**
 * A feature's share of the live events: the commands whose effects on its own caches it knows, declared as
 * `satisfies FeatureEventHandlers` so the list keeps its exact commands. The events feature merges every feature's
 * share into `EventHandlers`, which must name every command; two features may both handle one command.
 */
export type FeatureEventHandlers = { readonly [C in AppEventCommand]?: EventHandler<C> };

/** Every command of the event stream with its handler: a new command fails typecheck until a feature handles it. */
export type EventHandlers = { readonly [C in AppEventCommand]: EventHandler<C> };

/** A handler that marks one of the user's queries stale, whatever the event carries. */
export function staleQuery(keyOf: (userIndex: number) => QueryKey) {
  return (_event: unknown, { userIndex, stale }: EventContext) => stale({ queryKey: keyOf(userIndex) });
}
