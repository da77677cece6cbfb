import { z } from 'zod';
import { UserIndex } from './auth.js';
import { EmailAddress } from './common.js';

/**
 * External (remote) content in mail: images, CSS url(), fonts, srcset, background (the settings page
 * settings/security/content, route ExternalContent). `ask` (default): blocked, the reader offers "show once / always from this
 * sender"; `always`: loaded through the image proxy; `never`: blocked and no bar is shown.
 */
export const externalContentModes = ['ask', 'always', 'never'] as const;
export const ExternalContentMode = z.enum(externalContentModes);
export type ExternalContentMode = z.infer<typeof ExternalContentMode>;
export const defaultExternalContentMode: ExternalContentMode = 'ask';

/** What a message's HTML holds: no remote content at all, remote content held back, or shown (proxied). */
export const remoteContentStates = ['none', 'blocked', 'shown'] as const;
export const RemoteContentState = z.enum(remoteContentStates);
export type RemoteContentState = z.infer<typeof RemoteContentState>;

/** A sender whose mail always shows remote content. */
export const ExternalContentSender = z
  .object({
    id: z.string(),
    address: z.string(),
    /** ISO 8601. */
    created: z.string(),
  })
  .meta({ id: 'ExternalContentSender' });
export type ExternalContentSender = z.infer<typeof ExternalContentSender>;

/** GET /u/{i}/settings/externalContent. Senders newest first. */
export const ExternalContentSettings = z
  .object({ mode: ExternalContentMode, senders: z.array(ExternalContentSender) })
  .meta({ id: 'ExternalContentSettings' });
export type ExternalContentSettings = z.infer<typeof ExternalContentSettings>;

export const ExternalContentPatch = z.object({ mode: ExternalContentMode }).strict();
export type ExternalContentPatch = z.infer<typeof ExternalContentPatch>;

/** POST …/externalContent/senders. Adding an address already listed answers the existing entry. */
export const ExternalContentSenderCreate = z.object({ address: EmailAddress }).strict();
export type ExternalContentSenderCreate = z.infer<typeof ExternalContentSenderCreate>;

export const ExternalContentSenderParams = z.object({
  userIndex: UserIndex,
  id: z.string().min(1).max(64),
});
