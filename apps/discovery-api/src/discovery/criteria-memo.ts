import type { CriteriaResult } from '@disc/discovery';
import type { AssetType } from '@disc/types';
import { withJsonText } from '../json-text';

/** A criteria result kept for one UTC day: the result and its JSON text around the value of
 * `last_updated`, the one member that changes per request. */
interface KeptCriteria {
  day: string;
  result: Readonly<CriteriaResult>;
  /** Undefined if the text could not be split there (then each answer is serialised). */
  text: { before: string; after: string } | undefined;
}

const LAST_UPDATED = '"last_updated":';

/**
 * GET /criteria over data that never changes: the criteria in force depend on the asset type
 * and the market context, so they are worked out and serialised once per (asset type, UTC day)
 * and each answer only sets `last_updated` to its own time. The memo lives in one engine and
 * goes with it when a new snapshot is loaded.
 */
export class CriteriaMemo {
  private readonly kept = new Map<AssetType, KeptCriteria>();

  constructor(private readonly compute: (assetType: AssetType) => Promise<CriteriaResult>) {}

  /** The criteria in force for `assetType` at `now`, with their JSON text recorded
   * (json-text.ts). */
  async criteria(assetType: AssetType, now: Date): Promise<CriteriaResult> {
    const lastUpdated = now.toISOString();
    const day = lastUpdated.slice(0, 10);
    let kept = this.kept.get(assetType);
    if (kept === undefined || kept.day !== day) {
      kept = keep(await this.compute(assetType), day);
      this.kept.set(assetType, kept);
    }
    const result = { ...kept.result, last_updated: lastUpdated };
    if (kept.text === undefined) return result;
    return withJsonText(result, `${kept.text.before}${JSON.stringify(lastUpdated)}${kept.text.after}`);
  }
}

function keep(result: CriteriaResult, day: string): KeptCriteria {
  const text = JSON.stringify(result);
  // `last_updated` is the result's last member; a member of that name inside a string would
  // be escaped (\"last_updated\":), so the last match is the member itself.
  const at = text.lastIndexOf(LAST_UPDATED) + LAST_UPDATED.length;
  const value = JSON.stringify(result.last_updated);
  const splits = at >= LAST_UPDATED.length && text.startsWith(value, at);
  return {
    day,
    result: deepFreeze(result),
    text: splits ? { before: text.slice(0, at), after: text.slice(at + value.length) } : undefined,
  };
}

/** Every answer shares the kept members, so none may change them. */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const member of Object.values(value)) deepFreeze(member);
    Object.freeze(value);
  }
  return value;
}
