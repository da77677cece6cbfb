import { useCallback, useEffect, useRef } from 'react';
import { checkInlineImage, type InlineImageRefusal } from './inline-image-check';
import type { BodyEditor } from './use-body-editor';

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

/**
 * Images put into the body (the toolbar's image button or a paste): each file is checked against the inline
 * limits (512,000 bytes, never TIFF) and the whole-message limit, counting the images inserted before it in the
 * same pick, then inserted at the caret as a data: URL; a refused file goes to `onRefused`. The editor is created
 * after this hook (its paste handler needs `insertImages`), so the caller keeps `editorRef` pointing at it.
 */
export function useInlineImages(
  messageBytes: number,
  onRefused: (file: File, refusal: InlineImageRefusal) => void,
) {
  const editorRef = useRef<BodyEditor | null>(null);
  const bytesRef = useRef(messageBytes);
  useEffect(() => {
    bytesRef.current = messageBytes;
  }, [messageBytes]);

  const insertImages = useCallback(
    async (files: File[]) => {
      let bytes = bytesRef.current;
      for (const file of files) {
        const refusal = checkInlineImage(file, bytes);
        if (refusal) {
          onRefused(file, refusal);
          continue;
        }
        bytes += file.size;
        const src = await readAsDataUrl(file);
        editorRef.current?.chain().focus().setImage({ src, alt: file.name }).run();
      }
    },
    [onRefused],
  );
  return { insertImages, editorRef };
}
