/**
 * History state of a link that opens the composer: the page to come back to after Send, Close or Discard (the
 * folder or conversation the user was on). Here, below the features, because the sidebar's Compose button and the
 * conversation view's Reply / Reply all / Forward both set it; the composer reads it (compose-location.ts).
 */
export interface ComposeReturnState {
  compose: { returnTo: string };
}

export function composeLinkState(returnTo: string): ComposeReturnState {
  return { compose: { returnTo } };
}
