import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManageSieveClient } from './managesieve-client.js';

/**
 * STARTTLS, which the sandbox's Dovecot does not offer (it has no TLS): a small scripted server that greets with
 * STARTTLS, upgrades, greets again with other capabilities (RFC 5804 §2.2) and takes AUTHENTICATE only over TLS.
 */
describe('ManageSieve STARTTLS', () => {
  let server: net.Server;
  let port: number;
  let cert: Buffer;
  const seen: string[] = [];
  const sockets = new Set<net.Socket>();

  beforeAll(async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sieve-tls-'));
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    cert = readFileSync(path.join(dir, 'cert.pem'));
    const key = readFileSync(path.join(dir, 'key.pem'));
    server = net.createServer((plain) => {
      sockets.add(plain);
      plain.on('error', () => undefined);
      plain.write('"IMPLEMENTATION" "fake"\r\n"SASL" ""\r\n"STARTTLS"\r\nOK "ready"\r\n');
      plain.once('data', (chunk) => {
        seen.push(chunk.toString().trim());
        plain.write('OK "Begin TLS negotiation now."\r\n', () => {
          const secure = new tls.TLSSocket(plain, { isServer: true, cert, key });
          secure.on('error', () => undefined);
          secure.write(
            '"IMPLEMENTATION" "fake"\r\n"SASL" "PLAIN"\r\n"SIEVE" "fileinto"\r\nOK "TLS ready"\r\n',
          );
          secure.on('data', (data) => {
            const line = data.toString();
            seen.push(line.startsWith('AUTHENTICATE') ? 'AUTHENTICATE (over TLS)' : line.trim());
            secure.write(line.startsWith('LOGOUT') ? 'OK "bye"\r\n' : 'OK "done"\r\n');
          });
        });
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('upgrades when offered, then reads the capabilities the server sends again', async () => {
    const client = await ManageSieveClient.connect({
      host: 'localhost',
      port,
      tlsOptions: { ca: cert },
    });
    expect(client.capabilities.get('SASL')).toBe('PLAIN');
    expect(client.sieveExtensions).toEqual(['fileinto']);
    await client.authenticate('a@example.test', 'secret');
    await client.logout();
    expect(seen).toEqual(['STARTTLS', 'AUTHENTICATE (over TLS)', 'LOGOUT']);
  });

  it('refuses a server certificate it cannot verify', async () => {
    await expect(ManageSieveClient.connect({ host: 'localhost', port })).rejects.toThrow(/certificate/i);
  });
});
