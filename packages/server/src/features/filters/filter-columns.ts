import { Autoreply, FilterAction, FilterQuery, ForwardingTargets } from '@webmail/contracts';
import { readJsonColumn } from '../../infra/db/json-column.js';
import type { FilterSettingsTable, FiltersTable } from './filters.tables.js';

// The JSON columns of the filters tables, read with the contract's schemas (the ones the API checks them with).

export const storedQuery = (row: Pick<FiltersTable, 'query'>): FilterQuery =>
  readJsonColumn(FilterQuery, row.query, 'filters.query');

export const storedAction = (row: Pick<FiltersTable, 'action'>): FilterAction =>
  readJsonColumn(FilterAction, row.action, 'filters.action');

export const storedTargets = (settings: Pick<FilterSettingsTable, 'targets'>): string[] =>
  readJsonColumn(ForwardingTargets.shape.targets, settings.targets, 'filter_settings.targets');

/** The stored auto-reply, or null when none was ever set. */
export const storedAutoreply = (settings: Pick<FilterSettingsTable, 'autoreply'>): Autoreply | null =>
  settings.autoreply ? readJsonColumn(Autoreply, settings.autoreply, 'filter_settings.autoreply') : null;
