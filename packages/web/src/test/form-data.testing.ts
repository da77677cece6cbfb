import { File as NodeFile } from 'node:buffer';

/**
 * A request's multipart body as FormData, in a handler of the mock API. Node's fetch (undici) builds each file
 * part with the global File and then checks it against its own: jsdom's File in the global (the test
 * environment's) fails that check on Node 22 and later. The parse runs with Node's File in place.
 */
export async function readFormData(request: Request): Promise<FormData> {
  const testFile = globalThis.File;
  globalThis.File = NodeFile as unknown as typeof File;
  try {
    return await request.formData();
  } finally {
    globalThis.File = testFile;
  }
}
