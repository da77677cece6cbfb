/**
 * Starts loading the code of the mailbox (its layout, the Inbox redirect, the list) while the sign-in request is
 * on its way, so the chunks are there when the router enters the mail area. The router's own `lazy` imports are
 * the same modules: a chunk is fetched once. A failed load is left for the router to retry and report.
 */
export function preloadMailArea(): void {
  void Promise.all([
    import('../../layouts/base/base-layout'),
    import('./inbox-redirect.route'),
    import('./mailbox.route'),
  ]).catch(() => undefined);
}
