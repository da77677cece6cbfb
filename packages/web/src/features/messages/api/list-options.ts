import { defaultListSort, defaultSwipeSettings, type ListSort, type SwipeSettings } from '@webmail/contracts';
import { createContext, useContext } from 'react';

/** The user's list options kept with the account: the order and, where it can be stored, a way to change it. */
export interface ListOptions {
  sort: ListSort;
  /** Absent without a store: the list header then offers no order picker. */
  setSort?: (sort: ListSort) => void;
  /** What a touch swipe on a row does to each side (Settings → General). */
  swipe: SwipeSettings;
}

/** A hook giving the list options of an account; called on every render. */
export type UseListOptions = (userIndex: number) => ListOptions;

const defaults: UseListOptions = () => ({ sort: defaultListSort, swipe: defaultSwipeSettings });

/**
 * Where lists find the user's options (order: date, sender, subject, size; swipe actions), remembered per user in
 * the configuration store. The store belongs to the settings feature, above this one, so the layout provides it
 * here. The value must stay the same hook for the provider's life (it is called as a hook).
 */
export const ListOptionsContext = createContext<UseListOptions>(defaults);

export const useListOptions = (userIndex: number): ListOptions => useContext(ListOptionsContext)(userIndex);
