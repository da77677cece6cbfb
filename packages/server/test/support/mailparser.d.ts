// The few types the compose tests use from mailparser 3.9.31 (the package ships none).
declare module 'mailparser' {
  export interface EmailAddress {
    address?: string;
    name: string;
  }
  export interface AddressObject {
    value: EmailAddress[];
    text: string;
  }
  export interface ParsedAttachment {
    filename?: string;
    contentType: string;
    contentDisposition?: string;
    content: Buffer;
    contentId?: string;
    cid?: string;
    related?: boolean;
    size: number;
  }
  export interface ParsedMail {
    subject?: string;
    from?: AddressObject;
    to?: AddressObject | AddressObject[];
    cc?: AddressObject | AddressObject[];
    html: string | false;
    text?: string;
    messageId?: string;
    inReplyTo?: string;
    references?: string | string[];
    attachments: ParsedAttachment[];
  }
  export function simpleParser(
    source: Buffer | string,
    options?: Record<string, unknown>,
  ): Promise<ParsedMail>;
}
