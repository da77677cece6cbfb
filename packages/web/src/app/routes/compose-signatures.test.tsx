import { act, screen, waitFor, within } from '@testing-library/react';
import type { Editor } from '@tiptap/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { serveCompose } from '../../features/compose/compose.testing';
import { buildSignature, signaturesApi } from '../../features/signatures/signatures.testing';
import { buildUserDetails } from '../../test/api-handlers.testing';
import { server } from '../../test/msw-server';
import { renderApp } from '../../test/render-app';

const signatures = () => [
  buildSignature('1', 'Work', '<p>Best regards, Ann from Work</p>', true),
  buildSignature('2', 'Home', '<p>Hugs, Ann</p>'),
];

function setup() {
  const api = serveCompose({
    prefills: {
      'id-inbox/7/reply': {
        to: [{ name: 'Bob', address: 'bob@example.test' }],
        subject: 'Re: Plans',
        html: '<p></p><p>On Monday Bob wrote:</p><blockquote><p>Shall we?</p></blockquote>',
      },
    },
  });
  server.use(...signaturesApi({ signatures: signatures() }).handlers);
  return api;
}

const bodyEditor = async () => {
  const body = (await screen.findByRole('textbox', { name: 'Message body' })) as HTMLElement & {
    editor: Editor;
  };
  return body;
};

describe('signatures in the composer (the compose route gives them to the composer)', () => {
  it('puts the default signature into a new message', async () => {
    setup();
    await renderApp('/u/0/compose?to=ann@example.test');
    const body = await bodyEditor();
    await waitFor(() => expect(body).toHaveTextContent('Best regards, Ann from Work'));
  });

  it('puts the default signature into a reply above the quote', async () => {
    setup();
    await renderApp('/u/0/compose?mode=reply&mailboxId=id-inbox&messageId=7');
    const body = await bodyEditor();
    await waitFor(() => expect(body).toHaveTextContent('Shall we?'));
    const html = body.editor.getHTML();
    expect(html.indexOf('Best regards, Ann from Work')).toBeGreaterThan(-1);
    expect(html.indexOf('Best regards')).toBeLessThan(html.indexOf('On Monday Bob wrote:'));
  });

  it('swaps the signature from the menu without touching the text the user wrote', async () => {
    setup();
    const { user } = await renderApp('/u/0/compose?mode=reply&mailboxId=id-inbox&messageId=7');
    const body = await bodyEditor();
    await waitFor(() => expect(body).toHaveTextContent('Best regards'));
    // jsdom cannot type into ProseMirror: the words go in at the start through the editor on its element.
    act(() => void body.editor.chain().setTextSelection(1).insertContent('Sounds good to me.').run());

    await user.click(screen.getByRole('button', { name: 'Signature' }));
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Home' }));
    await waitFor(() => expect(body).toHaveTextContent('Hugs, Ann'));
    expect(body).not.toHaveTextContent('Best regards');
    const html = body.editor.getHTML();
    expect(html).toMatch(/^<p>Sounds good to me\.<\/p><div data-signature="2"><p>Hugs, Ann<\/p><\/div>/);
    expect(html).toContain('<blockquote><p>Shall we?</p></blockquote>');

    await user.click(screen.getByRole('button', { name: 'Signature' }));
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'No signature' }));
    await waitFor(() => expect(body).not.toHaveTextContent('Hugs, Ann'));
    expect(body).toHaveTextContent('Sounds good to me.');
    expect(body).toHaveTextContent('Shall we?');
  });

  it('shows the upgrade label where the signature menu would be when the plan leaves signatures out', async () => {
    serveCompose();
    server.use(
      http.get('/api/u/:userIndex/details', () =>
        HttpResponse.json(buildUserDetails({ disabledFeatures: ['signatures'] })),
      ),
    );
    await renderApp('/u/0/compose?to=ann@example.test');
    await bodyEditor();
    const label = await screen.findByRole('link', {
      name: 'Signatures: not included in your plan – see upgrade options',
    });
    expect(label).toHaveAttribute('href', '/u/0/settings/upgrade');
    expect(screen.queryByRole('button', { name: 'Signature' })).not.toBeInTheDocument();
  });
});
