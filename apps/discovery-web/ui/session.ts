// The token lives in sessionStorage only (this tab, this origin; gone when the tab closes):
// never in localStorage, a cookie or the URL. The scopes found at sign-in are kept beside it,
// so that a reload shows the pages at once while the token is checked again.
const KEY = 'discovery.token';
const SCOPES = 'discovery.scopes';

export type Scope = 'discovery' | 'webhooks';

export interface StoredSession {
  token: string;
  scopes: Set<Scope>;
}

export function storedSession(): StoredSession | undefined {
  const token = window.sessionStorage.getItem(KEY);
  if (token === null) return undefined;
  const scopes = (window.sessionStorage.getItem(SCOPES) ?? '')
    .split(',')
    .filter((s): s is Scope => s === 'discovery' || s === 'webhooks');
  return { token, scopes: new Set(scopes) };
}

export function storeSession(token: string, scopes: ReadonlySet<Scope>): void {
  window.sessionStorage.setItem(KEY, token);
  window.sessionStorage.setItem(SCOPES, [...scopes].join(','));
}

export function forgetSession(): void {
  window.sessionStorage.removeItem(KEY);
  window.sessionStorage.removeItem(SCOPES);
}
