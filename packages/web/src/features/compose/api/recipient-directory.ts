import { createContext } from 'react';

/** Someone the address book knows: a contact's address, or a group standing for its members. */
export interface DirectoryEntry {
  key: string;
  kind: 'contact' | 'group';
  name: string;
  /** The contact's address ('' for a group). */
  address: string;
  /** A group's members (each with their first address). */
  members: Array<{ name: string; address: string }>;
  avatarUrl: string | null;
}

/** A hook giving the directory's matches for what is typed (already debounced); called on every render. */
export type UseRecipientDirectory = (userIndex: number, query: string) => DirectoryEntry[];

const noDirectory: UseRecipientDirectory = () => [];

/**
 * Where the composer finds people besides the recent parties: the address books. The composer cannot know the
 * contacts feature (they stand side by side), so the layout provides it here; without a provider (contacts
 * switched off) suggestions are the recent parties only. The value must stay the same hook for the provider's
 * life (it is called as a hook).
 */
export const RecipientDirectoryContext = createContext<UseRecipientDirectory>(noDirectory);
