import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  mailboxChannel,
  mailboxChannelName,
  openMailboxChannel,
  type MailboxChannel,
} from './mailbox-channel';

const opened: MailboxChannel[] = [];
function open() {
  const channel = openMailboxChannel();
  opened.push(channel);
  return channel;
}
afterEach(() => {
  for (const channel of opened.splice(0)) channel.close();
});

describe('mailbox channel', () => {
  it('tells another tab that a user’s mailbox changed, and not the tab itself', async () => {
    const otherTab = open();
    const heardByOther = vi.fn();
    const heardBySelf = vi.fn();
    otherTab.subscribe(heardByOther);
    const stop = mailboxChannel().subscribe(heardBySelf);

    mailboxChannel().post({ type: 'mailboxChanged', userIndex: 2 });

    await vi.waitFor(() =>
      expect(heardByOther).toHaveBeenCalledWith({ type: 'mailboxChanged', userIndex: 2 }),
    );
    expect(heardBySelf).not.toHaveBeenCalled();
    stop();
  });

  it('drops messages that are not mailbox changes', async () => {
    const tab = open();
    const listener = vi.fn();
    tab.subscribe(listener);
    const foreign = new BroadcastChannel(mailboxChannelName);

    foreign.postMessage({ type: 'mailboxChanged', userIndex: 'x' });
    foreign.postMessage('hello');
    foreign.postMessage({ type: 'mailboxChanged', userIndex: 1 });
    await vi.waitFor(() => expect(listener).toHaveBeenCalledTimes(1));
    foreign.close();

    expect(listener).toHaveBeenCalledWith({ type: 'mailboxChanged', userIndex: 1 });
  });
});
