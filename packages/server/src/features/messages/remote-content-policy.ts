import { defaultExternalContentMode, type ExternalContentMode } from '@webmail/contracts';
import { LateBound } from '../../infra/late-bound.js';
import type { SessionContext } from '../../infra/session/session-context.js';

/**
 * What the message reader needs from the external-content settings and the image proxy (settings provides the
 * decision from its module, app.ts passes the proxy's signer), so this feature does not reach into theirs.
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

export type RemoteContentDecide = RemoteContentPolicy['decide'];

/**
 * Where the message reader asks whether a message may show remote content. The settings feature keeps the user's
 * mode and allowed senders and sits above messages, so it provides the decision from its own module; until it does
 * (or without it), the default mode holds and nothing loads without asking.
 */
export class RemoteContentDecisions extends LateBound<
  Parameters<RemoteContentDecide>,
  ReturnType<RemoteContentDecide>
> {
  constructor() {
    super(async () => ({ mode: defaultExternalContentMode, allowed: false }));
  }

  readonly decide: RemoteContentDecide = this.call;
}
