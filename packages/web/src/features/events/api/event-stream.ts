import { AppEvent, appEventCommands, eventsEndpoints } from '@webmail/contracts';
import { endpointUrl } from '../../../shared/api/call-api';
import { debugLog } from '../lib/debug-log';

/**
 * GET /api/u/{i} (text/event-stream): the account's live events, opened by the browser's EventSource with the
 * session's cookies. `lastEventId` resumes after the last logged event: the server replays what was missed, or
 * says `resync` when it no longer has it.
 */
export function eventStreamUrl(userIndex: number, lastEventId: string | null): string {
  return endpointUrl(eventsEndpoints.stream, { userIndex }, lastEventId ? { lastEventId } : {});
}

const knownCommands = new Set<string>(appEventCommands);

/**
 * One message of the stream as an event, or null for what this client cannot use: a command it does not know (a
 * newer server) or a message that does not parse. Those are logged only.
 */
export function parseAppEvent(data: string): AppEvent | null {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    debugLog('a message that is not JSON', data);
    return null;
  }
  const parsed = AppEvent.safeParse(json);
  if (parsed.success) return parsed.data;
  const command = (json as { command?: unknown } | null)?.command;
  if (typeof command === 'string' && !knownCommands.has(command)) {
    debugLog('unknown command', command);
  } else {
    debugLog('a message that does not match its command', json, parsed.error.issues);
  }
  return null;
}

/**
 * Asks the stream's address once more, as a plain request, whether the server refuses it for load: the seconds of
 * its 429's `Retry-After`, else null. The body is never read (a stream that opens now is dropped at once).
 */
export async function streamRefusedFor(url: string): Promise<number | null> {
  const controller = new AbortController();
  try {
    const res = await fetch(url, {
      credentials: 'include',
      headers: { accept: 'text/event-stream' },
      signal: controller.signal,
    });
    const retryAfter = res.headers.get('retry-after');
    if (res.status !== 429 || !retryAfter || !/^[0-9]{1,5}$/.test(retryAfter)) return null;
    return Math.max(1, Number(retryAfter));
  } catch {
    return null;
  } finally {
    controller.abort();
  }
}
