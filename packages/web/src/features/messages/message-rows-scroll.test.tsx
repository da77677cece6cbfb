import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import type { MessageSummary } from '@webmail/contracts';
import type { i18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '../../test/test-i18n';
import { MessageRows, type MessageRowsProps } from './components/message-rows';
import { useScrollMemory } from './hooks/use-scroll-memory';
import { rowLayouts } from './lib/row-density';
import { buildMessageSummaries, buildMessageSummary } from './message.testing';

let i18n: i18n;
beforeAll(async () => {
  i18n = await createTestI18n('en');
});

const rows = buildMessageSummaries(120);
const layout = rowLayouts.comfortable;

function Rows(props: {
  scrollElement: HTMLDivElement | null;
  onLastVisible: (index: number) => void;
  rows?: MessageSummary[];
}) {
  const shown = props.rows ?? rows;
  const rowProps: MessageRowsProps = {
    rows: shown,
    setSize: shown.length,
    label: 'Inbox',
    rowHref: (row) => `/u/0/id-inbox/${row.id}`,
    openRow: undefined,
    isChecked: () => false,
    showRecipients: () => false,
    layout,
    scrollElement: props.scrollElement,
    onLastVisible: props.onLastVisible,
    onToggleFlag: () => {},
    onSelect: () => {},
    onDragStart: () => {},
    keys: { toggle: () => {}, clearSelection: () => {}, shortcut: () => false },
    swipe: { actionsOf: () => ({}), perform: () => {} },
  };
  return (
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <MessageRows {...rowProps} />
      </MemoryRouter>
    </I18nextProvider>
  );
}

/** A box whose scrollTo moves it, as a browser's does (jsdom's does nothing). */
function scrollBox(): HTMLDivElement {
  const box = document.createElement('div');
  box.scrollTo = ((options: ScrollToOptions) => {
    box.scrollTop = options.top ?? box.scrollTop;
  }) as typeof box.scrollTo;
  document.body.append(box);
  return box;
}

describe('message rows', () => {
  // The scroll box comes to the rows a render after their first (MessageListScrollBox sets it in a transition).
  it('keeps a scroll made before the scroll box reached the rows', () => {
    const box = scrollBox();
    const onLastVisible = vi.fn();
    const view = render(<Rows scrollElement={null} onLastVisible={onLastVisible} />, { container: box });
    expect(screen.queryByText('Message number 70')).not.toBeInTheDocument();

    box.scrollTop = 50 * layout.height;
    fireEvent.scroll(box);
    act(() => view.rerender(<Rows scrollElement={box} onLastVisible={onLastVisible} />));

    expect(box.scrollTop).toBe(50 * layout.height);
    expect(screen.getByText('Message number 70')).toBeInTheDocument();
    expect(onLastVisible).toHaveBeenLastCalledWith(expect.any(Number));
    expect(onLastVisible.mock.lastCall![0]).toBeGreaterThan(50);
    box.remove();
  });

  it('keeps the rows scrolled to in place when mail came above them before the scroll box reached the rows', () => {
    const box = scrollBox();
    const view = render(<Rows scrollElement={null} onLastVisible={() => {}} />, { container: box });
    box.scrollTop = 10 * layout.height;
    fireEvent.scroll(box);
    const arrived = [buildMessageSummary(500, { subject: 'Fresh news' }), ...rows];
    act(() => view.rerender(<Rows scrollElement={null} onLastVisible={() => {}} rows={arrived} />));
    act(() => view.rerender(<Rows scrollElement={box} onLastVisible={() => {}} rows={arrived} />));

    expect(box.scrollTop).toBe(11 * layout.height);
    box.remove();
  });

  it('the list position: remembered by list, restored when the list comes again, and a scroll made first kept', () => {
    const box = scrollBox();
    const memory = renderHook(
      (props: { element: HTMLElement | null; key: string }) =>
        useScrollMemory(props.element, props.key, true),
      { initialProps: { element: null as HTMLElement | null, key: 'scroll-test-inbox' } },
    );
    box.scrollTop = 300;
    memory.rerender({ element: box, key: 'scroll-test-inbox' });
    expect(box.scrollTop).toBe(300);

    fireEvent.scroll(box);
    memory.rerender({ element: box, key: 'scroll-test-archive' });
    expect(box.scrollTop).toBe(0);
    box.scrollTop = 120;
    fireEvent.scroll(box);
    memory.rerender({ element: box, key: 'scroll-test-inbox' });
    expect(box.scrollTop).toBe(300);
    expect(memory.result.current).toBe(300);
    box.remove();
  });
});
