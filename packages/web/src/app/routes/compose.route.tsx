import { useLocation, useParams } from 'react-router';
import { useMe } from '../../features/auth/api/get-me';
import { ComposeDraftPage } from '../../features/compose/components/compose-draft-page';
import { ComposeStart } from '../../features/compose/components/compose-start';
import { composeStateOf } from '../../features/compose/lib/compose-location';
import { SignaturesGateContext } from '../../features/compose/lib/signatures-gate';
import { useUserDetails } from '../../features/settings/api/get-user-details';
import { useVerifiedAddresses } from '../../features/settings/api/outgoing-addresses';
import { userHomePath } from '../../shared/session/session';
import { useUserIndex } from '../../shared/session/use-user-index';

/**
 * The composer page of routes Compose (`/u/{i}/compose/{draftId?}`) and ComposeTab (`/u/{i}/tab/compose/…`).
 * It composes the features: the signed-in account (auth) is the sender, settings adds the verified outgoing
 * addresses as other senders and says whether the plan has signatures (compose reads them itself from the
 * signatures feature when it has); compose does the rest. Without a draftId a new draft starts (from `?to=` or a
 * reply prefill) and the address gains its draftId.
 */
export function ComposePage({ tab }: { tab: boolean }) {
  const userIndex = useUserIndex();
  const { draftId } = useParams();
  const location = useLocation();
  const me = useMe(userIndex);
  const details = useUserDetails(userIndex).data;
  const disabled = details?.disabledFeatures.includes('signatures') === true;
  // Send later needs the server to act with the owner away (delegated mail access); unavailable otherwise.
  const sendLater = !details?.unavailableFeatures?.some((entry) => entry.feature === 'sendLater');

  const senders = useVerifiedAddresses(userIndex).data?.addresses;

  const gate = disabled ? userIndex : null;
  if (!draftId) {
    return (
      <SignaturesGateContext value={gate}>
        <ComposeStart userIndex={userIndex} tab={tab} />
      </SignaturesGateContext>
    );
  }
  const state = composeStateOf(location.state);
  return (
    <SignaturesGateContext value={gate}>
      <ComposeDraftPage
        userIndex={userIndex}
        draftId={draftId}
        account={me.data ? { name: me.data.name, email: me.data.email, senders } : undefined}
        initial={state.initial}
        returnTo={state.returnTo ?? userHomePath(userIndex)}
        tab={tab}
        sendLater={sendLater}
      />
    </SignaturesGateContext>
  );
}

/** Route Compose, in the main layout. */
export function ComposeRoute() {
  return <ComposePage tab={false} />;
}
