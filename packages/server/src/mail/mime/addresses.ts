import type { MessageAddressObject } from 'imapflow';
import type { Address } from '@webmail/contracts';

export function toAddresses(list: MessageAddressObject[] | undefined): Address[] {
  return (list ?? [])
    .filter((a) => a.address || a.name)
    .map((a) => ({ name: a.name ?? '', address: a.address ?? '' }));
}

export function firstAddress(list: MessageAddressObject[] | undefined): Address | null {
  return toAddresses(list)[0] ?? null;
}
