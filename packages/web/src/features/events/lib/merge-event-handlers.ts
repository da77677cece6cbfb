import type { AppEvent, AppEventCommand } from '@webmail/contracts';
import type { EventContext, EventHandler, FeatureEventHandlers } from '../../../shared/api/event-handlers';

/** Every command some map of `M` handles (a union of their keys, where `keyof` of a union would intersect). */
type CommandsOf<M> = M extends unknown ? keyof M & AppEventCommand : never;

export type MergedEventHandlers<M extends readonly FeatureEventHandlers[]> = {
  readonly [C in CommandsOf<M[number]>]: EventHandler<C>;
};

type AnyHandler = (event: AppEvent, context: EventContext) => void;

/**
 * The features' handlers as one map: a command handled by several features runs each of their handlers, in the
 * order the maps are given. The result's type names exactly the commands the maps handle, so assigning it to
 * `EventHandlers` fails typecheck for a command no feature handles.
 */
export function mergeEventHandlers<const M extends readonly FeatureEventHandlers[]>(
  ...maps: M
): MergedEventHandlers<M> {
  const byCommand = new Map<AppEventCommand, AnyHandler[]>();
  for (const map of maps) {
    for (const [command, handler] of Object.entries(map) as [AppEventCommand, AnyHandler][]) {
      byCommand.set(command, [...(byCommand.get(command) ?? []), handler]);
    }
  }
  const merged: { [C in AppEventCommand]?: AnyHandler } = {};
  for (const [command, handlers] of byCommand) {
    merged[command] = (event, context) => handlers.forEach((handler) => handler(event, context));
  }
  return merged as MergedEventHandlers<M>;
}
