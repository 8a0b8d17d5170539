/** A minimal HTTP client with a cookie jar, so tests talk to the server as a browser would. */
export class TestClient {
  private readonly cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const init: RequestInit = { method, headers: { cookie: this.cookieHeader(), ...headers } };
    if (body !== undefined) {
      // Bytes (an upload in some encoding) go as they are; anything else but text as JSON.
      init.body = typeof body === 'string' || body instanceof Uint8Array ? body : JSON.stringify(body);
      (init.headers as Record<string, string>)['content-type'] ??= 'application/json';
    }
    const response = await fetch(`${this.baseUrl}${path}`, init);
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, ...value] = pair!.split('=');
      const joined = value.join('=');
      if (joined === '' || /max-age=0/i.test(cookie)) this.cookies.delete(name!);
      else this.cookies.set(name!, joined);
    }
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON: keep the text.
    }
    // Tests read answers by shape; `any` keeps them short.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return { status: response.status, headers: response.headers, body: parsed as any };
  }

  get = (path: string, headers?: Record<string, string>) => this.request('GET', path, undefined, headers);
  post = (path: string, body?: unknown, headers?: Record<string, string>) =>
    this.request('POST', path, body ?? {}, headers);
  patch = (path: string, body?: unknown) => this.request('PATCH', path, body ?? {});
  put = (path: string, body?: unknown) => this.request('PUT', path, body ?? {});
  delete = (path: string) => this.request('DELETE', path);

  /** The logged user of SPEC §3. */
  async me() {
    const response = await this.get('/api/v1/me');
    if (response.status !== 200) throw new Error(`GET /api/v1/me answered ${response.status}`);
    return response.body.data;
  }

  cookieHeader() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  signOutLocally() {
    this.cookies.clear();
  }
}
