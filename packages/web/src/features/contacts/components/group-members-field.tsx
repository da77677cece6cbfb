import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { Contact } from '@webmail/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { useContactList } from '../api/get-contacts';
import { ContactAvatar } from './contact-avatar';

export interface GroupMembersFieldProps {
  userIndex: number;
  /** Ids of the chosen contacts. */
  value: string[];
  onChange: (ids: string[]) => void;
  error?: string;
}

const contactLabel = (c: Pick<Contact, 'fullName' | 'emails'>) => c.fullName || c.emails[0]?.value || '';

/** A group's members, chosen by searching the contacts (the server searches; the field shows what it found). */
export function GroupMembersField({ userIndex, value, onChange, error }: GroupMembersFieldProps) {
  const { t } = useTranslation('contacts');
  const [search, setSearch] = useState('');
  const found = useContactList(userIndex, { query: search });
  // Every contact ever shown here, so chosen members keep their names while the search changes.
  const [known, setKnown] = useState(new Map<string, Contact>());
  const options = useMemo(() => found.data?.pages.flatMap((p) => p.contacts) ?? [], [found.data]);
  const byId = useMemo(() => {
    const map = new Map(known);
    for (const c of options) map.set(c.id, c);
    return map;
  }, [known, options]);

  return (
    <Autocomplete
      multiple
      filterOptions={(x) => x}
      options={options.map((c) => c.id)}
      value={value}
      loading={found.isFetching}
      inputValue={search}
      onInputChange={(_event, text, reason) => reason !== 'reset' && setSearch(text)}
      getOptionLabel={(id) => (byId.get(id) ? contactLabel(byId.get(id)!) : t('group.unknownMember'))}
      onChange={(_event, ids) => {
        setKnown(byId);
        onChange(ids);
      }}
      renderOption={(props, id) => {
        const { key, ...rest } = props as typeof props & { key: string };
        const contact = byId.get(id);
        return (
          <li key={key} {...rest} style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
            {contact && <ContactAvatar userIndex={userIndex} contact={contact} size={32} />}
            <span>{contact ? contactLabel(contact) : id}</span>
          </li>
        );
      }}
      renderInput={(params) => (
        <TextField {...params} label={t('group.members')} error={!!error} helperText={error} />
      )}
    />
  );
}
