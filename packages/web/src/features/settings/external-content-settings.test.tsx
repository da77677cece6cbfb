import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sampleTree } from '../../test/folder.testing';
import { mailApi, signIn } from '../../test/api-handlers.testing';
import { setViewportWidth } from '../../test/media-query';
import { server } from '../../test/msw-server';
import { renderApp } from '../../test/render-app';
import { buildSender, externalContentApi } from './external-content.testing';

function setup() {
  signIn(0);
  setViewportWidth(1024);
  const settings = externalContentApi({
    mode: 'ask',
    senders: [buildSender('1', 'news@shop.test'), buildSender('2', 'friend@example.test')],
  });
  server.use(...mailApi({ tree: sampleTree(), messages: {} }).handlers, ...settings.handlers);
  return settings;
}

describe('external content settings (settings/security/content)', () => {
  it('is a tab of the security entry of the settings list', async () => {
    setup();
    const { router } = await renderApp('/u/0/settings/security/content');

    await waitFor(() => expect(router.state.location.pathname).toBe('/u/0/settings/security/content'));
    const nav = await screen.findByRole('navigation', { name: 'Settings' });
    expect(within(nav).getByRole('link', { name: 'Security' })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByRole('tab', { name: 'External content', selected: true })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'External content' })).toBeInTheDocument();
  });

  it('saves the mode when another one is chosen', async () => {
    const settings = setup();
    const { user } = await renderApp('/u/0/settings/security/content');

    const group = await screen.findByRole('radiogroup', { name: 'Remote content in messages' });
    expect(within(group).getByRole('radio', { name: /^Ask/ })).toBeChecked();
    await user.click(within(group).getByRole('radio', { name: /^Never show/ }));
    expect(within(group).getByRole('radio', { name: /^Never show/ })).toBeChecked();
    expect(await screen.findByText('External content setting saved')).toBeInTheDocument();
    expect(settings.requests.find((r) => r.method === 'PATCH')?.body).toEqual({ mode: 'never' });
  });

  it('removes a sender from the allow list', async () => {
    const settings = setup();
    const { user } = await renderApp('/u/0/settings/security/content');

    await user.click(await screen.findByRole('button', { name: 'Remove news@shop.test' }));
    await waitFor(() => expect(screen.queryByText('news@shop.test')).not.toBeInTheDocument());
    expect(await screen.findByText('news@shop.test removed from the list')).toBeInTheDocument();
    const removal = settings.requests.find((r) => r.method === 'DELETE');
    expect(removal?.url.pathname).toBe('/api/u/0/settings/externalContent/senders/1');
    expect(screen.getByText('friend@example.test')).toBeInTheDocument();
  });

  it('adds a sender after checking the address', async () => {
    const settings = setup();
    const { user } = await renderApp('/u/0/settings/security/content');

    const field = await screen.findByRole('textbox', { name: 'Email address' });
    await user.type(field, 'not an address');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Invalid email format')).toBeInTheDocument();
    expect(settings.requests.some((r) => r.method === 'POST')).toBe(false);

    await user.clear(field);
    await user.type(field, 'Boss@Example.test');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('boss@example.test')).toBeInTheDocument();
    expect(settings.requests.find((r) => r.method === 'POST')?.body).toEqual({
      address: 'Boss@Example.test',
    });
    expect(field).toHaveValue('');
  });
});
