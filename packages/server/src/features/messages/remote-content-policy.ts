import type { ExternalContentMode } from '@webmail/contracts';
import type { SessionContext } from '../../infra/session/session-context.js';

/**
 * What the message reader needs from the external-content settings and the image proxy (wired in
 * app.ts, so this feature does not reach into theirs).
 */
export interface RemoteContentPolicy {
  /** The user's mode, and whether mail from this sender shows remote content without asking. */
  decide(
    session: SessionContext,
    senderAddress: string | null | undefined,
  ): Promise<{ mode: ExternalContentMode; allowed: boolean }>;
  /** The image-proxy URL for a remote http(s) URL, signed for this session's account and user index. */
  proxy(session: SessionContext, url: string): string;
}
