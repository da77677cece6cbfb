import net from 'node:net';
import { e2eMailstackPortBase } from './environment';
import type { MailUser } from './mail-user';

/**
 * Another ManageSieve client (RFC 5804), as Roundcube or Thunderbird's sieve add-on would be: a few lines over a
 * plain loopback socket, so the e2e tests can put a script of their own on the sandbox's managesieved without the
 * webmail. Each command waits for its OK; NO or BYE fails with the server's words.
 */
export async function withSieve<T>(
  user: MailUser,
  fn: (send: (command: string) => Promise<string>) => Promise<T>,
) {
  const socket = net.connect({ host: '127.0.0.1', port: e2eMailstackPortBase + 190 });
  let buffer = '';
  let waiting: (() => void) | null = null;
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    buffer += chunk;
    waiting?.();
  });
  /** Everything up to and including the next line that starts with OK, NO or BYE. */
  const reply = () =>
    new Promise<string>((resolve, reject) => {
      const check = () => {
        const end = /^(OK|NO|BYE)\b.*\r\n/m.exec(buffer);
        if (!end) return;
        const text = buffer.slice(0, end.index + end[0].length);
        buffer = buffer.slice(text.length);
        waiting = null;
        if (end[1] === 'OK') resolve(text);
        else reject(new Error(`ManageSieve: ${end[0].trim()}`));
      };
      waiting = check;
      check();
    });
  const send = async (command: string) => {
    socket.write(`${command}\r\n`);
    return reply();
  };
  await reply(); // the greeting with the capabilities
  try {
    const plain = Buffer.from(`\0${user.email}\0${user.password}`).toString('base64');
    await send(`AUTHENTICATE "PLAIN" "${plain}"`);
    return await fn(send);
  } finally {
    await send('LOGOUT').catch(() => undefined);
    socket.destroy();
  }
}

/** Uploads `script` as `name` and makes it the active one. */
export function putActiveScript(user: MailUser, name: string, script: string): Promise<void> {
  return withSieve(user, async (send) => {
    await send(`PUTSCRIPT "${name}" {${Buffer.byteLength(script)}+}\r\n${script}`);
    await send(`SETACTIVE "${name}"`);
  });
}

/** The scripts on the server, the active one marked. */
export function listScripts(user: MailUser): Promise<{ name: string; active: boolean }[]> {
  return withSieve(user, async (send) => {
    const text = await send('LISTSCRIPTS');
    return [...text.matchAll(/^"([^"]*)"( ACTIVE)?\r$/gm)].map((m) => ({
      name: m[1]!,
      active: Boolean(m[2]),
    }));
  });
}
