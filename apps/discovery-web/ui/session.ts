// The token lives in sessionStorage only (this tab, this origin; gone when the tab closes):
// never in localStorage, a cookie or the URL.
const KEY = 'discovery.token';

export type Scope = 'discovery' | 'webhooks';

export function storedToken(): string | undefined {
  return window.sessionStorage.getItem(KEY) ?? undefined;
}

export function storeToken(token: string): void {
  window.sessionStorage.setItem(KEY, token);
}

export function forgetToken(): void {
  window.sessionStorage.removeItem(KEY);
}
