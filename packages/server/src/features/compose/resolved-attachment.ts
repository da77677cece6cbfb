/** A draft attachment with its bytes at hand, ready for the MIME builder and the size checks. */
export interface ResolvedAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
  inline: boolean;
  contentId: string | null;
  uploadId: string | null;
}
