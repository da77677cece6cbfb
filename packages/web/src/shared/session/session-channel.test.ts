import { sessionChannelName, type SessionBroadcast } from '@webmail/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openSessionChannel, type SessionChannel } from './session-channel';

const opened: SessionChannel[] = [];
function open() {
  const channel = openSessionChannel();
  opened.push(channel);
  return channel;
}
afterEach(() => {
  for (const channel of opened.splice(0)) channel.close();
  vi.unstubAllGlobals();
});

function nextMessage(channel: SessionChannel) {
  return new Promise<SessionBroadcast>((resolve) => {
    const stop = channel.subscribe((message) => {
      stop();
      resolve(message);
    });
  });
}

describe('session channel', () => {
  it('carries a message from one tab to another', async () => {
    const tabA = open();
    const tabB = open();
    const received = nextMessage(tabB);

    tabA.post({ type: 'userLoggedOut', kind: 'deviceUser', userIndex: 1 });

    expect(await received).toEqual({ type: 'userLoggedOut', kind: 'deviceUser', userIndex: 1 });
  });

  it('drops messages that do not match the contract', async () => {
    const tabB = open();
    const listener = vi.fn();
    tabB.subscribe(listener);
    const foreign = new BroadcastChannel(sessionChannelName);

    foreign.postMessage({ type: 'userLoggedOut', kind: 'everything' });
    foreign.postMessage('hello');
    foreign.postMessage({ type: 'userLoggedIn', userIndex: 2 });
    await vi.waitFor(() => expect(listener).toHaveBeenCalledTimes(1));
    foreign.close();

    expect(listener).toHaveBeenCalledWith({ type: 'userLoggedIn', userIndex: 2 });
  });

  it('is silent where BroadcastChannel does not exist', () => {
    vi.stubGlobal('BroadcastChannel', undefined);
    const channel = open();
    const listener = vi.fn();
    channel.subscribe(listener);

    expect(() => channel.post({ type: 'userLoggedIn', userIndex: 0 })).not.toThrow();
    expect(listener).not.toHaveBeenCalled();
  });
});
