export interface YahooCredentials {
  cookie: string;
  crumb: string;
}

export interface YahooSessionOptions {
  /** Answers with the session cookie (Set-Cookie); default https://fc.yahoo.com. */
  cookieUrl: string;
  /** Where `/v1/test/getcrumb` lives (the API base URL). */
  baseUrl: string;
  timeoutMs: number;
  userAgent: string;
}

/**
 * Yahoo's quoteSummary wants a "crumb" that matches a session cookie (since 2023). The
 * cookie comes from any answer of fc.yahoo.com (a 404 that sets it), the crumb from
 * `/v1/test/getcrumb` with that cookie. Both are kept until Yahoo rejects them.
 */
export class YahooSession {
  private current: Promise<YahooCredentials | undefined> | undefined;

  constructor(private readonly options: YahooSessionOptions) {}

  /** Credentials, or undefined when Yahoo would not give any (quoteSummary then runs without). */
  get(): Promise<YahooCredentials | undefined> {
    this.current ??= this.fetch().catch(() => undefined);
    return this.current;
  }

  /** Forget the credentials after Yahoo said "Invalid Crumb". */
  invalidate(): void {
    this.current = undefined;
  }

  private async fetch(): Promise<YahooCredentials | undefined> {
    const { cookieUrl, baseUrl, timeoutMs, userAgent } = this.options;
    const first = await fetch(cookieUrl, {
      redirect: 'manual',
      headers: { 'User-Agent': userAgent },
      signal: AbortSignal.timeout(timeoutMs),
    });
    await first.body?.cancel();
    const cookie = first.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .filter(Boolean)
      .join('; ');
    if (cookie === '') return undefined;
    const res = await fetch(`${baseUrl.replace(/\/+$/, '')}/v1/test/getcrumb`, {
      headers: { Cookie: cookie, 'User-Agent': userAgent },
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    const crumb = text.trim();
    // A refused crumb comes back as an HTML or JSON error page, never a short token.
    if (res.status !== 200 || crumb === '' || crumb.length > 64 || /[<{\s]/.test(crumb)) return undefined;
    return { cookie, crumb };
  }
}
