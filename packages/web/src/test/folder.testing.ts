import type { Folder } from '@webmail/contracts';

/** Test-data builder for a folder. */
export function buildFolder(overrides: Partial<Folder> & Pick<Folder, 'id' | 'name'>): Folder {
  const path = overrides.path ?? overrides.name;
  return {
    fullName: path,
    path,
    parent: null,
    retention: null,
    hidden: false,
    systemFolder: false,
    specialUse: null,
    optionalSpecialUseFolder: false,
    unseen: 0,
    total: 0,
    children: [],
    ...overrides,
  };
}

export function buildSystemFolder(
  specialUse: NonNullable<Folder['specialUse']>,
  overrides: Partial<Folder> = {},
): Folder {
  const names = {
    inbox: 'INBOX',
    drafts: 'Drafts',
    sent: 'Sent',
    archive: 'Archive',
    junk: 'Junk',
    trash: 'Trash',
    snoozed: 'Snoozed',
  };
  return buildFolder({
    id: `id-${specialUse}`,
    name: names[specialUse],
    specialUse,
    systemFolder: true,
    ...overrides,
  });
}

/** A realistic tree, deliberately not in sidebar order, with nested custom folders. */
export function sampleTree(): Folder[] {
  return [
    buildSystemFolder('trash', { unseen: 4, total: 9 }),
    buildFolder({
      id: 'id-projects',
      name: 'Projects',
      unseen: 1,
      total: 5,
      children: [
        buildFolder({
          id: 'id-alpha',
          name: 'Alpha',
          path: 'Projects/Alpha',
          parent: 'Projects',
          unseen: 2,
          total: 3,
        }),
        buildFolder({
          id: 'id-beta',
          name: 'Beta',
          path: 'Projects/Beta',
          parent: 'Projects',
          unseen: 0,
          total: 1,
        }),
      ],
    }),
    buildSystemFolder('inbox', { unseen: 3, total: 120 }),
    buildSystemFolder('sent', { unseen: 0, total: 40 }),
    buildSystemFolder('junk', { unseen: 1, total: 2 }),
    buildSystemFolder('drafts', { unseen: 0, total: 2 }),
    buildSystemFolder('archive', { unseen: 0, total: 10 }),
    buildFolder({ id: 'id-secret', name: 'Secret', hidden: true }),
  ];
}
