/**
 * What the event stream skips (a command this client does not know, a message that does not parse, an event of a
 * feature with nothing cached) goes to the browser console's debug level only: it is not a fault the user could act
 * on, and a newer server sending more commands than this build knows is expected.
 */
export function debugLog(...values: unknown[]): void {
  // eslint-disable-next-line no-console -- the one deliberate debug-level line of the event stream
  console.debug('event stream:', ...values);
}
