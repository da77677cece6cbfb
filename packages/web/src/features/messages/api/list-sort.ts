import { defaultListSort, type ListSort } from '@webmail/contracts';
import { createContext, useContext } from 'react';

/** The user's list order and, where it can be stored, a way to change it. */
export interface ListSortState {
  sort: ListSort;
  /** Absent without a store: the list header then offers no order picker. */
  setSort?: (sort: ListSort) => void;
}

/** A hook giving the list order of an account; called on every render. */
export type UseListSort = (userIndex: number) => ListSortState;

const unsorted: UseListSort = () => ({ sort: defaultListSort });

/**
 * Where lists find the user's order (date, sender, subject, size; remembered per user in the configuration store).
 * The store belongs to the settings feature, above this one, so the layout provides it here. The value must stay
 * the same hook for the provider's life (it is called as a hook).
 */
export const ListSortContext = createContext<UseListSort>(unsorted);

export const useListSort = (userIndex: number): ListSortState => useContext(ListSortContext)(userIndex);

export const isDefaultSort = (sort: ListSort) =>
  sort.field === defaultListSort.field && sort.order === defaultListSort.order;
