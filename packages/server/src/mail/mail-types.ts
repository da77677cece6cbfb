/**
 * The shapes the mail layer hands features (messages as fetched, body structures, addresses, folders as listed).
 * They are imapflow's today; features name them from here, so only `mail/` depends on imapflow.
 */
export type {
  DownloadObject,
  FetchMessageObject,
  FetchQueryObject,
  ListOptions,
  ListResponse,
  MailboxObject,
  MessageAddressObject,
  MessageEnvelopeObject,
  MessageStructureObject,
  QuotaResponse,
  SearchObject,
  StatusObject,
  StatusQuery,
} from 'imapflow';
