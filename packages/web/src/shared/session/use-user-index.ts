import { useParams } from 'react-router';
import { parseUserIndex } from './session';

/** The `:userIndex` of a signed-in route. The BaseLayout loader has already checked it, so it is a number here. */
export function useUserIndex(): number {
  const userIndex = parseUserIndex(useParams().userIndex);
  if (userIndex === null) throw new Error('useUserIndex used outside a /u/:userIndex route');
  return userIndex;
}
