// The shell: sign-in gate, navigation by scope, and a hash router (#/discover,
// #/symbol/SYM, #/portfolio, #/webhooks, #/market). The token is never put in the URL.
import { useEffect, useMemo, useState } from 'preact/hooks';
import { ApiProblem, createApi } from './api/client';
import { Problem } from './components/bits';
import { Discover } from './pages/discover';
import { Market } from './pages/market';
import { Portfolio } from './pages/portfolio';
import { SignIn, type SignedIn } from './pages/sign-in';
import { SymbolPage } from './pages/symbol';
import { Webhooks } from './pages/webhooks';
import { forgetSession, storeSession, storedSession, type Scope } from './session';
import type { DiscoveryResult, Shared } from './store';

function useHash(): string {
  const [hash, setHash] = useState(window.location.hash);
  useEffect(() => {
    const onChange = () => setHash(window.location.hash);
    window.addEventListener('hashchange', onChange);
    return () => window.removeEventListener('hashchange', onChange);
  }, []);
  return hash;
}

const PAGES: { path: string; title: string; scope: Scope }[] = [
  { path: 'discover', title: 'Discover', scope: 'discovery' },
  { path: 'portfolio', title: 'Portfolio', scope: 'discovery' },
  { path: 'market', title: 'Market context', scope: 'discovery' },
  { path: 'webhooks', title: 'Webhooks', scope: 'webhooks' },
];

export function App() {
  // A reload shows the pages at once with the scopes found at sign-in (a token's scopes never
  // change); any 401 later (a revoked token) signs out with the reason.
  const [session, setSession] = useState<SignedIn | undefined>(() => {
    const stored = storedSession();
    return stored === undefined || stored.scopes.size === 0 ? undefined : stored;
  });
  const [restoreError, setRestoreError] = useState<unknown>(undefined);
  const [lastDiscovery, setLastDiscovery] = useState<DiscoveryResult | undefined>(undefined);
  const hash = useHash();

  // What lives as long as the sign-in: the client and the criteria fetched so far.
  const signedIn = useMemo(() => {
    if (session === undefined) return undefined;
    const criteria: Shared['criteria'] = new Map();
    if (session.etfCriteria !== undefined) criteria.set('etf', session.etfCriteria);
    const refused = () => {
      forgetSession();
      setSession(undefined);
      setRestoreError(new ApiProblem(401, 'UNAUTHORIZED', 'The token is unknown or was revoked.'));
    };
    return { api: createApi(session.token, refused), scopes: session.scopes, criteria };
  }, [session]);
  const shared: Shared | undefined =
    signedIn === undefined ? undefined : { ...signedIn, lastDiscovery, setLastDiscovery };

  const signIn = (result: SignedIn) => {
    storeSession(result.token, result.scopes);
    setRestoreError(undefined);
    setSession(result);
    if (!window.location.hash.startsWith('#/'))
      window.location.hash = result.scopes.has('discovery') ? '#/discover' : '#/webhooks';
  };
  const signOut = () => {
    forgetSession();
    setSession(undefined);
    setLastDiscovery(undefined);
  };

  if (shared === undefined || session === undefined) {
    return (
      <main id="main">
        <SignIn onSignedIn={signIn} />
        <Problem error={restoreError} />
      </main>
    );
  }
  const allowed = PAGES.filter((p) => session.scopes.has(p.scope));
  const [route = '', arg = ''] = hash.replace(/^#\/?/, '').split('/');
  const page =
    allowed.find((p) => p.path === route) ??
    (route === 'symbol' && session.scopes.has('discovery') ? undefined : allowed[0]);
  return (
    <>
      <header class="top">
        <a
          class="skip"
          href="#main"
          onClick={(e) => {
            e.preventDefault();
            document.getElementById('main')?.focus();
          }}
        >
          Skip to content
        </a>
        <span class="brand">Discovery</span>
        <nav aria-label="Pages">
          {allowed.map((p) => (
            <a key={p.path} href={`#/${p.path}`} aria-current={page?.path === p.path ? 'page' : undefined}>
              {p.title}
            </a>
          ))}
        </nav>
        <span class="scopes">Scopes: {[...session.scopes].join(', ')}</span>
        <button type="button" onClick={signOut}>
          Sign out
        </button>
      </header>
      <main id="main" tabIndex={-1}>
        {route === 'symbol' && page === undefined ? (
          <SymbolPage symbol={decodeURIComponent(arg)} shared={shared} />
        ) : page?.path === 'portfolio' ? (
          <Portfolio shared={shared} />
        ) : page?.path === 'market' ? (
          <Market shared={shared} />
        ) : page?.path === 'webhooks' ? (
          <Webhooks shared={shared} />
        ) : (
          <Discover shared={shared} />
        )}
      </main>
    </>
  );
}
