/** A signed-in API session with cookies, as the browser holds it. */
export class ApiSession {
  private cookies = new Map<string, string>();

  constructor(private readonly baseUrl: string) {}

  async signIn(email: string, password: string): Promise<void> {
    await this.request('GET', '/api/');
    const res = await this.request('POST', '/api/auth', { email, password });
    if (res.status !== 200) throw new Error(`sign-in failed with ${res.status}`);
  }

  async json<T>(path: string): Promise<T> {
    const res = await this.request('GET', path);
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
    return (await res.json()) as T;
  }

  /** A file download (attachment, source), read to the last byte. */
  async bytes(path: string): Promise<Buffer> {
    const res = await this.request('GET', path);
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
    return Buffer.from(await res.arrayBuffer());
  }

  async post<T>(path: string, body: unknown): Promise<T> {
    const res = await this.request('POST', path, body);
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as T;
  }

  /** The Cookie header this session sends (for a raw `fetch`, e.g. of the event stream). */
  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  /** A multipart form (FormData), as the web sends contact forms and imports. */
  async postForm<T>(path: string, form: FormData): Promise<T> {
    const res = await this.request('POST', path, form);
    if (res.status !== 200 && res.status !== 201)
      throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as T;
  }

  /** Ends the session (and its IMAP connection) so repeated cold runs do not pile up connections. */
  async signOut(): Promise<void> {
    await this.request('POST', '/api/auth/logout?userIndex=0', {});
  }

  /** One request with the session's cookies and XSRF token; the answer as it came (any status). */
  async request(method: string, path: string, body?: unknown): Promise<Response> {
    const headers: Record<string, string> = {
      cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-xsrf-token': this.cookies.get('XSRF-TOKEN') ?? '',
    };
    const form = body instanceof FormData;
    if (body && !form) headers['content-type'] = 'application/json';
    const res = await fetch(this.baseUrl + path, {
      method,
      headers,
      body: form ? body : body ? JSON.stringify(body) : undefined,
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      this.cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    return res;
  }
}
