import { screen, waitFor } from '@testing-library/react';
import type { MailboxTreeResponse } from '@webmail/contracts';
import { describe, expect, it } from 'vitest';
import { mailApi, signIn, type MailState } from '../../../test/api-handlers.testing';
import { server } from '../../../test/msw-server';
import { renderWithProviders } from '../../../test/render-app';
import { mailboxesKeys } from '../../mailboxes/api/mailboxes.keys';
import { sampleTree } from '../../../test/folder.testing';
import { massActionServer } from '../mass-action.testing';
import { buildMessageSummary } from '../message.testing';
import { useRunMassAction, type MassActionInput } from './mass-action';

/** What the folder sidebar's drop handler does: call the hook's function with the dragged messages. */
function Runner({ input }: { input: MassActionInput }) {
  const run = useRunMassAction(0);
  return (
    <button type="button" onClick={() => run(input)}>
      Run
    </button>
  );
}

function setup() {
  signIn(0);
  const state: MailState = {
    tree: sampleTree(),
    messages: { 'id-inbox': [buildMessageSummary(7, { seen: false }), buildMessageSummary(6)] },
  };
  const mass = massActionServer(state);
  server.use(mass.handler, ...mailApi(state).handlers);
  return mass;
}

const folderCounts = (tree: MailboxTreeResponse | undefined, id: string) => {
  const all = (tree?.mailboxes ?? []).flatMap((folder) => [folder, ...folder.children]);
  const folder = all.find((candidate) => candidate.id === id);
  return folder && { unseen: folder.unseen, total: folder.total };
};

describe('useRunMassAction', () => {
  it('refuses an empty selection without asking the server', async () => {
    const mass = setup();
    const { user } = await renderWithProviders(
      <Runner input={{ action: 'trash', mailboxId: 'id-inbox', messageIds: [] }} />,
    );

    await user.click(screen.getByRole('button', { name: 'Run' }));

    expect(await screen.findByText('No messages selected')).toBeInTheDocument();
    expect(mass.requests).toEqual([]);
  });

  it('moves dropped messages to a folder and shifts both folders’ counts before the answer', async () => {
    const mass = setup();
    const { user, queryClient } = await renderWithProviders(
      <Runner input={{ action: 'move', mailboxId: 'id-inbox', messageIds: [7], moveToTarget: 'id-alpha' }} />,
    );
    queryClient.setQueryData<MailboxTreeResponse>(mailboxesKeys.tree(0), {
      mailboxes: sampleTree(),
      quota: null,
    });
    mass.hold();

    await user.click(screen.getByRole('button', { name: 'Run' }));

    await waitFor(() => expect(mass.requests).toHaveLength(1));
    const tree = queryClient.getQueryData<MailboxTreeResponse>(mailboxesKeys.tree(0));
    // The row's seen state is not cached here, so only the totals are known to move.
    expect(folderCounts(tree, 'id-inbox')).toEqual({ unseen: 3, total: 119 });
    expect(folderCounts(tree, 'id-alpha')).toEqual({ unseen: 2, total: 4 });
    expect(mass.requests[0]).toEqual({
      context: 'mailbox',
      messages: [{ messageId: 7, mailboxId: 'id-inbox' }],
      action: 'move',
      moveToTarget: 'id-alpha',
    });
    mass.release();
    expect(await screen.findByText('Moved 1 message to Alpha')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Undo' })).toBeInTheDocument();
  });
});
