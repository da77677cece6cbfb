import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { i18n } from 'i18next';
import { useRef, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '../../test/test-i18n';
import { registerShortcut } from '../../shared/ui/keyboard-shortcuts';
import { findAction, type MessageAction } from './actions/message-actions';
import { MoreActionsMenu, type MoveTarget } from './components/more-actions-menu';
import { filterMoveTargets } from './lib/move-targets';

const targets: MoveTarget[] = [
  { id: 'f-archive', name: 'Archive', depth: 0 },
  { id: 'f-clients', name: 'Clients', depth: 0 },
  { id: 'f-acme', name: 'Acme Oy', depth: 1 },
  { id: 'f-orders', name: 'Orders', depth: 2 },
  { id: 'f-projects', name: 'Projects', depth: 0 },
];

let i18n: i18n;
beforeAll(async () => {
  i18n = await createTestI18n('en');
});

/** The menu behind a "More actions" button, as the toolbars have it. */
function Harness({
  onAction,
  moveOnly = false,
}: {
  onAction: (a: MessageAction, t?: string) => void;
  moveOnly?: boolean;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <I18nextProvider i18n={i18n}>
      <button ref={button} onClick={(event) => setAnchor(event.currentTarget)}>
        More actions
      </button>
      <MoreActionsMenu
        anchor={anchor}
        actions={[findAction('archive'), findAction('move')]}
        moveTargets={targets}
        moveOnly={moveOnly}
        onClose={() => setAnchor(null)}
        onAction={onAction}
      />
    </I18nextProvider>
  );
}

async function openPicker(onAction = vi.fn()) {
  const user = userEvent.setup();
  render(<Harness onAction={onAction} />);
  await user.click(screen.getByRole('button', { name: 'More actions' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Move to…' }));
  const list = await screen.findByRole('listbox', { name: 'Move to…' });
  await waitFor(() => expect(list.querySelector('[role="option"]')).toHaveFocus());
  return { user, list, onAction };
}

describe('the "Move to…" folder picker', () => {
  it('opens as a listbox with the focus on its first folder; arrows, End and Home move the focus', async () => {
    const { user, list } = await openPicker();
    const options = () => Array.from(list.querySelectorAll('[role="option"]'));
    await waitFor(() => expect(options()[0]).toHaveFocus());
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(options()[2]).toHaveFocus();
    expect(options()[2]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{End}');
    expect(options().at(-1)).toHaveFocus();
    await user.keyboard('{ArrowDown}{Home}{ArrowUp}');
    expect(options()[0]).toHaveFocus();
  });

  it('filters as the user types, and Enter moves to the folder that has the focus', async () => {
    const { user, onAction } = await openPicker();
    await user.keyboard('or');
    expect(screen.getByRole('textbox', { name: 'Filter folders' })).toHaveValue('or');
    const shown = screen.getAllByRole('option').map((option) => option.textContent);
    expect(shown).toEqual(['Orders']);
    await waitFor(() => expect(screen.getByRole('option', { name: 'Orders' })).toHaveFocus());
    await user.keyboard('{Enter}');
    expect(onAction).toHaveBeenCalledWith(expect.objectContaining({ id: 'move' }), 'f-orders');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('Backspace takes the filter back; a filter matching nothing says so', async () => {
    const { user } = await openPicker();
    await user.keyboard('zz');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(screen.getByText('No matching folders')).toBeInTheDocument();
    await user.keyboard('{Backspace}{Backspace}');
    expect(screen.getAllByRole('option')).toHaveLength(targets.length);
  });

  it('Escape closes it and hands the focus back to the More actions button; nothing moves', async () => {
    const { user, onAction } = await openPicker();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: 'More actions' })).toHaveFocus());
    expect(onAction).not.toHaveBeenCalled();
  });

  it('letters typed into it never reach the page’s shortcuts', async () => {
    const replyAll = vi.fn();
    const off = registerShortcut('replyAll', replyAll);
    try {
      const { user, list } = await openPicker();
      await waitFor(() => expect(list.querySelector('[role="option"]')).toHaveFocus());
      await user.keyboard('a');
      expect(replyAll).not.toHaveBeenCalled();
      expect(screen.getByRole('textbox', { name: 'Filter folders' })).toHaveValue('a');
    } finally {
      off();
    }
  });

  it('opens straight on the folders for the `v` and `l` shortcuts (moveOnly)', async () => {
    const user = userEvent.setup();
    render(<Harness onAction={vi.fn()} moveOnly />);
    await user.click(screen.getByRole('button', { name: 'More actions' }));
    expect(await screen.findByRole('listbox', { name: 'Move to…' })).toBeInTheDocument();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });
});

describe('filterMoveTargets', () => {
  it('keeps the folders whose name contains the text in any case, in tree order', () => {
    const cases: [string, string[]][] = [
      ['', targets.map((t) => t.name)],
      ['  ', targets.map((t) => t.name)],
      ['a', ['Archive', 'Acme Oy']],
      ['ACME', ['Acme Oy']],
      ['o', ['Acme Oy', 'Orders', 'Projects']],
      ['x', []],
    ];
    for (const [filter, names] of cases) {
      expect(filterMoveTargets(targets, filter).map((t) => t.name)).toEqual(names);
    }
  });
});
