/** An event stream read as raw text: resolves when an event naming `subject` arrives. */
export async function openStream(baseUrl: string, cookies: string) {
  const controller = new AbortController();
  const res = await fetch(`${baseUrl}/api/u/0`, { headers: { cookie: cookies }, signal: controller.signal });
  if (!res.ok || !res.body) throw new Error(`stream answered ${res.status}`);
  let text = '';
  /** What the last `liveMail` command said (null: none came; the server sends one only when live mail is off). */
  let liveMail: boolean | null = null;
  const liveMarker = '"command":"liveMail","on":';
  const waiters = new Map<string, (at: number) => void>();
  void (async () => {
    const decoder = new TextDecoder();
    try {
      for await (const chunk of res.body!) {
        const at = performance.now();
        const from = Math.max(0, text.length - liveMarker.length);
        text += decoder.decode(chunk, { stream: true });
        const live = text.lastIndexOf(liveMarker);
        if (live >= from) liveMail = text[live + liveMarker.length] === 't';
        for (const [needle, resolve] of waiters) {
          if (text.includes(needle)) {
            waiters.delete(needle);
            resolve(at);
          }
        }
        if (text.length > 1_000_000) text = text.slice(-100_000);
      }
    } catch {
      // closed
    }
  })();
  return {
    waitFor: (subject: string) =>
      new Promise<number>((resolve) => waiters.set(`"subject":"${subject}"`, resolve)),
    /** Resolves when any event holds `text` (e.g. a unique part of a subject). */
    waitForText: (text: string) => new Promise<number>((resolve) => waiters.set(text, resolve)),
    liveMail: () => liveMail,
    close: () => controller.abort(),
  };
}
