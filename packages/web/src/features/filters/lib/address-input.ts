import { EmailAddress } from '@webmail/contracts';

/** What the user typed or pasted, split on spaces, commas and semicolons, empty pieces dropped. */
export function splitAddresses(text: string): string[] {
  return text.split(/[\s,;]+/).filter((piece) => piece.length > 0);
}

export const isValidAddress = (address: string): boolean => EmailAddress.safeParse(address).success;

/** The chips after new text is added: each address once (case-insensitive), in the order typed. */
export function addAddresses(current: readonly string[], text: string): string[] {
  const next = [...current];
  for (const address of splitAddresses(text)) {
    if (!next.some((a) => a.toLowerCase() === address.toLowerCase())) next.push(address);
  }
  return next;
}

/** What is saved: the valid addresses only (invalid ones stay on screen as error chips). */
export const validAddresses = (chips: readonly string[]): string[] => chips.filter(isValidAddress);
