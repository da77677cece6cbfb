import { queryOptions, useQuery } from '@tanstack/react-query';
import { contactLimits, contactsEndpoints } from '@webmail/contracts';
import { callApi } from '../../../shared/api/call-api';
import { contactsKeys } from './contacts.keys';

/** GET /api/u/{i}/contacts/groups: every group (as many as one page holds), by name. */
export function groupsQueryOptions(userIndex: number) {
  return queryOptions({
    queryKey: contactsKeys.groups(userIndex),
    queryFn: ({ signal }) =>
      callApi(
        contactsEndpoints.groups,
        { params: { userIndex }, query: { limit: contactLimits.listLimitMax } },
        { signal },
      ).then((r) => r.groups),
  });
}

export function useGroups(userIndex: number, enabled = true) {
  return useQuery({ ...groupsQueryOptions(userIndex), enabled });
}
