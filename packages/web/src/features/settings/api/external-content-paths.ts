/** Paths of the external-content settings under /api (issue "Reading mail"; spec settings/security/content). */
export const externalContentPaths = {
  settings: (userIndex: number) => `/u/${userIndex}/settings/externalContent`,
  senders: (userIndex: number) => `${externalContentPaths.settings(userIndex)}/senders`,
  sender: (userIndex: number, id: string) =>
    `${externalContentPaths.senders(userIndex)}/${encodeURIComponent(id)}`,
};
