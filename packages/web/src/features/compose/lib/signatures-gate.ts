import { createContext } from 'react';

/**
 * The account whose plan leaves signatures out, while the composer is open for it (null: signatures are in the
 * plan). The composer then shows the upgrade-info label where the signature menu would be (a gated
 * control says so instead of disappearing), and `useComposerSignatures` reads no signatures. The compose route
 * provides it from the user details.
 */
export const SignaturesGateContext = createContext<number | null>(null);
