import type { Contact } from '@webmail/contracts';
import type { ContactFormValues } from '../lib/contact-form';
import { AvatarPicker } from './avatar-picker';
import { ContactAvatar } from './contact-avatar';

export interface ContactAvatarFieldProps {
  userIndex: number;
  /** The stored contact, or null for a new one. */
  contact: Contact | null;
  values: Pick<ContactFormValues, 'fullName' | 'emails' | 'avatar' | 'removeAvatar'>;
  onChange: (patch: Pick<ContactFormValues, 'avatar' | 'removeAvatar'>) => void;
  error?: string;
}

/**
 * The contact form's avatar: the chosen image, the stored one, or the initials of the name and addresses as
 * typed so far (the preview follows the form, not the stored contact).
 */
export function ContactAvatarField({ userIndex, contact, values, onChange, error }: ContactAvatarFieldProps) {
  return (
    <AvatarPicker
      render={(preview) => (
        <ContactAvatar
          userIndex={userIndex}
          contact={{
            id: contact?.id ?? '',
            fullName: values.fullName,
            emails: values.emails,
            hasAvatar: !!contact?.hasAvatar && !values.removeAvatar,
            etag: contact?.etag ?? '',
          }}
          preview={preview}
        />
      )}
      file={values.avatar}
      hasStored={!!contact?.hasAvatar}
      removed={values.removeAvatar}
      onChoose={(file) => onChange({ avatar: file, removeAvatar: false })}
      onRemove={() => onChange({ avatar: null, removeAvatar: true })}
      error={error}
    />
  );
}
