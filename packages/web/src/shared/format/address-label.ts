import type { Address } from '@webmail/contracts';

/** How an address is named on screen: its display name, else the address itself ('' for none). */
export function addressLabel(address: Address | null | undefined): string {
  return address ? address.name || address.address : '';
}
