import { ComposePage } from './compose.route';

/** Route ComposeTab: the composer in a browser tab of its own (`/u/{i}/tab/compose/{draftId?}`). */
export function ComposeTabRoute() {
  return <ComposePage tab />;
}
