import { describe, expect, it } from 'vitest';
import { buildFolder, buildSystemFolder } from '../../../test/folder.testing';
import { applyFolderOrder, customFolderOrder, customSiblingsOf, moveAmongSiblings } from './folder-order';

const tree = () => [
  buildSystemFolder('inbox', { children: [buildFolder({ id: 'id-in-sub', name: 'Sub' })] }),
  buildFolder({ id: 'a', name: 'A' }),
  buildFolder({
    id: 'b',
    name: 'B',
    children: [buildFolder({ id: 'b1', name: 'B1' }), buildFolder({ id: 'b2', name: 'B2' })],
  }),
  buildFolder({ id: 'c', name: 'C' }),
];
const ids = (folders: { id: string }[]) => folders.map((folder) => folder.id);

describe('folder order', () => {
  it('lists every custom folder, parents before children, and no system folder', () => {
    expect(customFolderOrder(tree())).toEqual(['id-in-sub', 'a', 'b', 'b1', 'b2', 'c']);
  });

  it('finds the custom siblings of a folder at its own level', () => {
    expect(ids(customSiblingsOf(tree(), 'a'))).toEqual(['a', 'b', 'c']);
    expect(ids(customSiblingsOf(tree(), 'b2'))).toEqual(['b1', 'b2']);
    expect(customSiblingsOf(tree(), 'nope')).toEqual([]);
  });

  it('moves a folder to a sibling’s place and gives the whole new order', () => {
    expect(moveAmongSiblings(tree(), 'a', 2)).toEqual(['id-in-sub', 'b', 'b1', 'b2', 'c', 'a']);
    expect(moveAmongSiblings(tree(), 'c', 0)).toEqual(['id-in-sub', 'c', 'a', 'b', 'b1', 'b2']);
    expect(moveAmongSiblings(tree(), 'b2', 0)).toEqual(['id-in-sub', 'a', 'b', 'b2', 'b1', 'c']);
  });

  it('answers null when nothing would move', () => {
    expect(moveAmongSiblings(tree(), 'a', 0)).toBeNull();
    expect(moveAmongSiblings(tree(), 'nope', 1)).toBeNull();
  });

  it('sorts each level’s custom folders by an order and keeps system folders first', () => {
    const sorted = applyFolderOrder(tree(), ['c', 'b2', 'b1', 'a', 'b']);
    expect(ids(sorted)).toEqual(['id-inbox', 'c', 'a', 'b']);
    expect(ids(sorted[3]!.children)).toEqual(['b2', 'b1']);
  });
});
