/** A small HTTP client with a cookie jar, so integration tests talk to the server as a browser does. */
export interface StoredCookie {
  value: string;
  attributes: string;
}

export interface TestResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  raw: Buffer;
  setCookies: string[];
}

export class TestClient {
  readonly cookies = new Map<string, StoredCookie>();

  constructor(
    readonly baseUrl: string,
    private readonly language = 'en',
  ) {}

  get xsrf(): string | undefined {
    return this.cookies.get('XSRF-TOKEN')?.value;
  }

  async request<T = unknown>(
    method: string,
    path: string,
    options: { body?: unknown; xsrf?: boolean | string } = {},
  ): Promise<TestResponse<T>> {
    const headers: Record<string, string> = { 'accept-language': this.language };
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v.value}`).join('; ');
    if (cookie) headers.cookie = cookie;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const xsrf = options.xsrf ?? true;
    if (xsrf === true && this.xsrf) headers['x-xsrf-token'] = this.xsrf;
    if (typeof xsrf === 'string') headers['x-xsrf-token'] = xsrf;
    const res = await fetch(this.baseUrl + path, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      redirect: 'manual',
    });
    const setCookies = res.headers.getSetCookie();
    for (const line of setCookies) this.store(line);
    const raw = Buffer.from(await res.arrayBuffer());
    const isJson = res.headers.get('content-type')?.includes('application/json');
    const body = (isJson && raw.length ? JSON.parse(raw.toString('utf8')) : raw.toString('utf8')) as T;
    return { status: res.status, headers: res.headers, body, raw, setCookies };
  }

  get<T = unknown>(path: string) {
    return this.request<T>('GET', path);
  }

  post<T = unknown>(path: string, body?: unknown, options: { xsrf?: boolean | string } = {}) {
    return this.request<T>('POST', path, { body, ...options });
  }

  patch<T = unknown>(path: string, body?: unknown) {
    return this.request<T>('PATCH', path, { body });
  }

  delete<T = unknown>(path: string) {
    return this.request<T>('DELETE', path);
  }

  /** Fetches the XSRF token and signs in; fails the test if sign-in does not succeed. */
  async signIn(email: string, password: string): Promise<{ userIndex: number }> {
    if (!this.xsrf) await this.get('/api/');
    const res = await this.post<{ userIndex: number }>('/api/auth', { email, password });
    if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  }

  private store(line: string): void {
    const [pair = '', ...attrs] = line.split(';');
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    const attributes = attrs.join(';');
    const expired = /max-age=0\b/i.test(attributes) || /expires=Thu, 01 Jan 1970/i.test(attributes);
    if (!value || expired) this.cookies.delete(name);
    else this.cookies.set(name, { value, attributes });
  }
}
