import type { FilterAction, FilterQuery } from '@webmail/contracts';

/** The filter body after its schema. */
export interface FilterFields {
  name: string;
  query: FilterQuery;
  action: FilterAction;
  disabled: boolean;
}

/** Only the criteria that are set: trimmed non-empty texts, `ha: true`, a non-zero size. */
export function cleanQuery(query: FilterQuery): FilterQuery {
  const out: FilterQuery = {};
  for (const key of ['from', 'to', 'subject', 'listId', 'text'] as const) {
    const value = query[key]?.trim();
    if (value) out[key] = value;
  }
  if (query.ha) out.ha = true;
  if (query.size) out.size = query.size;
  return out;
}

/** Only the actions that are set. */
export function cleanAction(action: FilterAction): FilterAction {
  const out: FilterAction = {};
  if (action.seen) out.seen = true;
  if (action.flag) out.flag = true;
  if (action.delete) out.delete = true;
  if (action.spam && action.spam !== 'nothing') out.spam = action.spam;
  if (action.mailbox) out.mailbox = action.mailbox;
  if (action.targets?.length) out.targets = [...new Set(action.targets.map((t) => t.trim().toLowerCase()))];
  return out;
}
