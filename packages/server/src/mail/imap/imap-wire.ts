import compiler from 'imapflow/lib/handler/imap-compiler.js';
import type { ImapArg } from './imap-raw-command.js';

/** The command line imapflow writes for `command args` (tag A1), as the server receives it: for tests and logs. */
export async function commandText(command: string, args: ImapArg[]): Promise<string> {
  const parts = (await compiler(
    { tag: 'A1', command, attributes: args } as never,
    { asArray: true, literalPlus: true } as never,
  )) as unknown as Buffer[];
  return Buffer.concat(parts).toString('utf8');
}
