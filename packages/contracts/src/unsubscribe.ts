import { z } from 'zod';

/**
 * How a list message can be left (RFC 2369 `List-Unsubscribe`, RFC 8058 one-click), in the order the webmail
 * prefers them: `oneClick` — the server POSTs `List-Unsubscribe=One-Click` to the https URL itself; `mailto` — the
 * server sends the unsubscribe mail as the user; `url` — the browser opens the list's page.
 */
export const unsubscribeMethods = ['oneClick', 'mailto', 'url'] as const;
export const UnsubscribeMethod = z.enum(unsubscribeMethods);
export type UnsubscribeMethod = z.infer<typeof UnsubscribeMethod>;

/** A message's ways to unsubscribe, best first; the message detail carries it, null without `List-Unsubscribe`. */
export const ListUnsubscribe = z
  .object({ methods: z.array(UnsubscribeMethod).min(1) })
  .meta({ id: 'ListUnsubscribe' });
export type ListUnsubscribe = z.infer<typeof ListUnsubscribe>;

/** What the server did: posted (`oneClick`), sent the mail (`mailto`), or left `url` for the browser to open. */
export const UnsubscribeResult = z.object({
  method: UnsubscribeMethod,
  /** The list's page for the browser (`url` only), else null. */
  url: z.string().nullable(),
});
export type UnsubscribeResult = z.infer<typeof UnsubscribeResult>;
