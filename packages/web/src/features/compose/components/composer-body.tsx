import { useContext } from 'react';
import { BodyField, type BodyFieldProps } from '../../../shared/editor/body-field';
import type { EditorSignature } from '../../../shared/editor/signature-block';
import { SignaturesGateContext } from '../lib/signatures-gate';
import { UpgradeInfoLabel } from '../../upgrade/components/upgrade-info-label';
import { SignatureMenu } from './signature-menu';

export interface ComposerBodyProps extends Omit<BodyFieldProps, 'toolbarEnd' | 'richTextOnly' | 'images'> {
  /** The user's signatures, for the signature menu (undefined: signatures are not available). */
  signatures?: readonly EditorSignature[];
}

/**
 * The composer's body: the shared body field (rich text or plain text, inline images) with the signature menu at
 * the end of its toolbar, or the upgrade-info label there when the plan leaves signatures out.
 */
export function ComposerBody({ signatures, ...field }: ComposerBodyProps) {
  const gatedFor = useContext(SignaturesGateContext);
  return (
    <BodyField
      {...field}
      toolbarEnd={(editor) =>
        signatures ? (
          <SignatureMenu editor={editor} signatures={signatures} />
        ) : gatedFor !== null ? (
          <UpgradeInfoLabel userIndex={gatedFor} feature="signatures" />
        ) : undefined
      }
    />
  );
}
