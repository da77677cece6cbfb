/** Paths of the compose API under /api (spec §7); ids are encoded, a mailbox id is opaque to the client. */
export const composePaths = {
  recentParties: (userIndex: number) => `/u/${userIndex}/mailbox/compose/recentParties`,
  draft: (userIndex: number, draftId: string) =>
    `/u/${userIndex}/compose/drafts/${encodeURIComponent(draftId)}`,
  replyTo: (userIndex: number, mailboxId: string, messageId: number) =>
    `/u/${userIndex}/compose/replyTo/${encodeURIComponent(mailboxId)}/${messageId}`,
  attachments: (userIndex: number) => `/u/${userIndex}/compose/attachments`,
  attachment: (userIndex: number, id: string) =>
    `/u/${userIndex}/compose/attachments/${encodeURIComponent(id)}`,
  send: (userIndex: number) => `/u/${userIndex}/compose/send`,
  outboxEntry: (userIndex: number, id: string) => `/u/${userIndex}/compose/outbox/${encodeURIComponent(id)}`,
  cancelSend: (userIndex: number, id: string) =>
    `/u/${userIndex}/compose/outbox/${encodeURIComponent(id)}/cancel`,
};
