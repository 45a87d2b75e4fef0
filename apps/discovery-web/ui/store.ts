// What the pages share while the tab is open: the API client, the token's scopes and the
// last discovery (its candidates feed the symbol page's criteria and the portfolio form).
import type { Api, Schemas } from './api/client';
import type { Scope } from './session';

export type DiscoveryResult = Schemas['DiscoveryResult'];
export type Candidate = Schemas['APlusAnalysis'] & { final_score?: number };

export interface Shared {
  api: Api;
  scopes: ReadonlySet<Scope>;
  lastDiscovery: DiscoveryResult | undefined;
  setLastDiscovery(result: DiscoveryResult): void;
  /** Criteria answers per asset type, fetched once per sign-in. */
  criteria: Map<string, Schemas['CriteriaResult']>;
}

/** The candidate of a symbol in the last discovery, if it was among the results. */
export function candidateOf(shared: Shared, symbol: string): Candidate | undefined {
  return shared.lastDiscovery?.a_plus_candidates.find((c) => c.candidate.symbol.toUpperCase() === symbol.toUpperCase());
}
