import type { ConversationParticipant } from '@webmail/contracts';
import type { TFunction } from 'i18next';

/** One name of a conversation row; `unseen` names are bold. `gap` stands for participants left out ("…"). */
export type ParticipantName = { text: string; unseen: boolean } | { gap: true };

/** How many names a row shows: the first writer and the latest ones, as mail clients do ("Ann … Bob, me"). */
const shownMax = 3;

/** A participant's short name beside others: the first word of their name, else the address before the @. */
function shortName(participant: ConversationParticipant): string {
  return participant.name.trim().split(/\s+/)[0] || participant.address.split('@')[0] || participant.address;
}

/**
 * The names a conversation row shows ("Bob, me"), or null when the server named nobody (then the row names the
 * sender). One participant goes by their whole name, several by short ones; the user is "me" in their language.
 */
export function participantNames(
  participants: readonly ConversationParticipant[] | undefined,
  t: TFunction<'messages'>,
): ParticipantName[] | null {
  if (!participants?.length) return null;
  const single = participants.length === 1;
  const named = participants.map((p) => ({
    text: p.self ? t('list.me') : single ? p.name || p.address : shortName(p),
    unseen: p.unseen,
  }));
  if (named.length <= shownMax) return named;
  return [named[0]!, { gap: true }, ...named.slice(-(shownMax - 1))];
}

/** The names as one string, for the row's accessible name. */
export const participantsText = (names: readonly ParticipantName[]) =>
  names.map((name) => ('gap' in name ? '…' : name.text)).join(', ');
