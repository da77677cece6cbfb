import net from 'node:net';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { connectImap } from './imap-connect.js';

/**
 * A scripted IMAP server that records the commands it receives and how often it had to ask the client for more
 * (a continuation request, a round trip of its own). Narrow on purpose: what the client sends to log in.
 */
async function scriptedServer() {
  const commands: string[] = [];
  let continuations = 0;
  const server = net.createServer((socket) => {
    let buffered = '';
    let awaitingSasl: string | null = null;
    socket.write('* OK [CAPABILITY IMAP4rev1 SASL-IR LITERAL+ ID ENABLE AUTH=PLAIN] ready\r\n');
    socket.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('latin1');
      for (let end = buffered.indexOf('\r\n'); end >= 0; end = buffered.indexOf('\r\n')) {
        const line = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        if (awaitingSasl) {
          socket.write(`${awaitingSasl} OK Logged in\r\n`);
          awaitingSasl = null;
          continue;
        }
        const [tag, name = ''] = line.split(' ');
        commands.push(name.toUpperCase());
        if (name.toUpperCase() === 'AUTHENTICATE' && line.split(' ').length === 3) {
          continuations += 1;
          awaitingSasl = tag!;
          socket.write('+ \r\n');
        } else if (name.toUpperCase() === 'LOGOUT') {
          socket.end(`* BYE\r\n${tag} OK Logout\r\n`);
        } else if (name.toUpperCase() === 'NAMESPACE') {
          socket.write(`* NAMESPACE (("" "/")) NIL NIL\r\n${tag} OK done\r\n`);
        } else {
          socket.write(`${tag} OK done\r\n`);
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return { server, port, commands, continuations: () => continuations };
}

const log = pino({ level: 'silent' });
let open: net.Server | null = null;

afterEach(async () => {
  await new Promise((resolve) => open?.close(resolve));
  open = null;
});

describe('IMAP login round trips', () => {
  const server = (port: number) => ({ host: '127.0.0.1', port, secure: false, tlsRejectUnauthorized: false });

  // imapflow sends AUTHENTICATE PLAIN without an initial response: the server's empty challenge would cost every
  // sign-in (and every login of a session) one round trip more than the LOGIN command.
  it.each(['pw-plain', 'with space', 'quote"and\\backslash', "it's-42!"])(
    'a password login (%s) is one command, with no continuation to wait for',
    async (pass) => {
      const fake = await scriptedServer();
      open = fake.server;
      const client = await connectImap(server(fake.port), { user: 'a@example.test', pass }, log);
      await client.logout();
      expect(fake.continuations()).toBe(0);
      expect(fake.commands.filter((c) => c === 'LOGIN' || c === 'AUTHENTICATE')).toEqual(['LOGIN']);
    },
  );

  it('a delegated login still goes as SASL PLAIN (LOGIN has no authorization identity)', async () => {
    const fake = await scriptedServer();
    open = fake.server;
    const auth = { user: 'webmail', pass: 'master', authzid: 'a@example.test' };
    const client = await connectImap(server(fake.port), auth, log);
    await client.logout();
    expect(fake.commands.filter((c) => c === 'LOGIN' || c === 'AUTHENTICATE')).toEqual(['AUTHENTICATE']);
  });
});
