// Sign-in: paste a token; its scopes are found by asking one route of each scope (a 403
// means the scope is missing). The token is stored only once the API accepted it.
import { useState } from 'preact/hooks';
import { ApiProblem, createApi, settle, type Schemas } from '../api/client';
import { Problem } from '../components/bits';
import { useRequest } from '../components/use-request';
import type { Scope } from '../session';

export interface SignedIn {
  token: string;
  scopes: Set<Scope>;
  etfCriteria?: Schemas['CriteriaResult'];
}

/** Probes the token: a 401 on both is a bad token; 200 or 429 means the scope is there. */
export async function probeToken(token: string): Promise<SignedIn> {
  const api = createApi(token);
  const [criteria, hooks] = await Promise.allSettled([settle(api.criteria('etf')), settle(api.webhooks.list())]);
  const scopes = new Set<Scope>();
  const granted = (r: PromiseSettledResult<unknown>) =>
    r.status === 'fulfilled' || (r.reason instanceof ApiProblem && r.reason.status === 429);
  if (granted(criteria)) scopes.add('discovery');
  if (granted(hooks)) scopes.add('webhooks');
  if (scopes.size === 0) {
    const reasons = [criteria, hooks]
      .filter((r): r is PromiseRejectedResult => r.status === 'rejected')
      .map((r) => r.reason as unknown);
    throw reasons.find((r) => r instanceof ApiProblem && r.status !== 403) ?? reasons[0];
  }
  return { token, scopes, ...(criteria.status === 'fulfilled' ? { etfCriteria: criteria.value } : {}) };
}

export function SignIn({ onSignedIn, notice }: { onSignedIn: (result: SignedIn) => void; notice?: string }) {
  const [token, setToken] = useState('');
  const { busy, error, run } = useRequest();
  const submit = (event: Event) => {
    event.preventDefault();
    void run(async () => onSignedIn(await probeToken(token.trim())));
  };
  return (
    <section class="sign-in" aria-labelledby="sign-in-title">
      <h1 id="sign-in-title">Sign in</h1>
      <p>
        Paste an API token (<code>discovery-api tokens create</code> makes one). It stays in this tab's session storage
        and is sent only as the bearer header to this server.
      </p>
      {notice === undefined ? null : <p class="notice">{notice}</p>}
      <form onSubmit={submit}>
        <label for="token">API token</label>
        <input
          id="token"
          name="token"
          type="password"
          autocomplete="off"
          spellcheck={false}
          required
          value={token}
          onInput={(e) => setToken((e.target as HTMLInputElement).value)}
        />
        <button type="submit" disabled={busy || token.trim() === ''}>
          {busy ? 'Checking…' : 'Sign in'}
        </button>
      </form>
      <Problem error={error} />
    </section>
  );
}
