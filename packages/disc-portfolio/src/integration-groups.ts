import type { AssetType } from '@disc/types';
import type {
  ConstraintViolation,
  IntegrationContext,
  IntegrationRequest,
  ReplacementMatch,
} from './integration-types';
import { resolveReplacement } from './replacement-match';
import { roundCents, tradeCost, DEFAULT_TRANSACTION_COST_MODEL } from './transaction-costs';

/** Trades under a cent are not trades: a position this close to its target is at it. */
export const MIN_TRADE_USD = 0.01;

/** The range of a price per share (a holding's `current_value / shares`, or the market price
 * of a symbol bought) that a plan trades at: 10^-100 to 10^100 USD. It is far beyond any real
 * price (tokens that cost a fraction of a billionth of a USD, shares that cost a million), and
 * narrow enough that every trade from a cent to MAX_AMOUNT_USD converts into a finite share
 * count above 0 with full precision. A holding priced outside it (`shares: 1e-300` worth 10^13
 * USD: 10^313 USD a share, beyond the range of a double) would trade "0 shares" or vanish from
 * the plan, so it is refused (portfolioInconsistencies); a discovery whose market price lies
 * outside is not bought (`unknown_symbol`). docs/portfolio.md. */
export const SHARE_PRICE_LIMITS_USD = { min: 1e-100, max: 1e100 } as const;

/** A held position during planning, keyed by upper-case symbol. */
export interface Position {
  symbol: string;
  shares: number;
  value: number;
  price: number;
  assetType: AssetType | undefined;
  costBasis: number | undefined;
}

export interface Leg {
  action: 'buy' | 'sell';
  symbol: string;
  assetType: AssetType;
  amount: number;
  price: number;
  /** Sells of whole positions carry the exact share count. */
  shares?: number;
  reason: string;
  replacementFor: string | null;
}

/** The trades that integrate one discovery; they are kept or deferred together. */
export interface TradeGroup {
  symbol: string;
  assetType: AssetType;
  replaced: Position | undefined;
  legs: Leg[];
  harvestedLoss: number;
}

/** The holdings by upper-case symbol; each symbol is listed once (planIntegration refuses
 * repeats first, see request-checks.ts). */
export function positionsOf(request: IntegrationRequest, ctx: IntegrationContext): Map<string, Position> {
  const positions = new Map<string, Position>();
  for (const h of request.current_portfolio.holdings) {
    const key = h.symbol.toUpperCase();
    const instrument = ctx.instruments.get(key);
    const price = h.shares > 0 ? h.current_value / h.shares : (instrument?.current_price ?? 0);
    positions.set(key, {
      symbol: h.symbol,
      shares: h.shares,
      value: h.current_value,
      price,
      assetType: instrument?.asset_type,
      costBasis: h.cost_basis,
    });
  }
  return positions;
}

/**
 * One group per discovery: sell the replaced holding in full, then buy (or trim) the
 * discovery to its target share of total value. Trades smaller than the rebalancing
 * threshold are not worth their cost and are dropped.
 */
export function buildGroups(
  request: IntegrationRequest,
  ctx: IntegrationContext,
  positions: ReadonlyMap<string, Position>,
  total: number,
  violations: ConstraintViolation[],
  replacements: ReplacementMatch[] = [],
): TradeGroup[] {
  const threshold = (request.constraints?.rebalancing_threshold ?? 0) * total;
  const allocationSum = request.discoveries.reduce((sum, d) => sum + Math.max(0, d.recommended_allocation), 0);
  const scale = allocationSum > 1 + 1e-9 ? 1 / allocationSum : 1;
  if (scale < 1) {
    violations.push({
      constraint: 'allocation_total',
      message: `Recommended allocations add up to ${roundCents(allocationSum * 100)} % of the portfolio; each was scaled down to fit 100 %.`,
    });
  }
  // Value each symbol will hold once the groups so far are done: discoveries are planned in
  // order, so a holding two discoveries name as replacement_for is sold once.
  const planned = new Map([...positions].map(([key, p]) => [key, p.value]));
  const groups: TradeGroup[] = [];
  for (const d of request.discoveries) {
    const key = d.symbol.toUpperCase();
    const instrument = ctx.instruments.get(key);
    if (!instrument) {
      violations.push({
        constraint: 'unknown_symbol',
        symbol: d.symbol,
        message: `No market data for ${d.symbol}; it cannot be bought.`,
      });
      continue;
    }
    const match = d.replacement_for ? resolveReplacement(d.symbol, d.replacement_for, positions, ctx) : undefined;
    if (match) replacements.push(match);
    const matchedSymbol = match?.matched_holding ?? d.replacement_for ?? null;
    const replacedSymbol = matchedSymbol && matchedSymbol.toUpperCase() !== key ? matchedSymbol : null;
    if (matchedSymbol && !replacedSymbol) {
      violations.push({
        constraint: 'replacement_for',
        symbol: d.symbol,
        message: `${d.symbol} names its own holding in replacement_for, so nothing is sold to make room for it; it trades to its recommended allocation.`,
      });
    }
    const replacedKey = replacedSymbol?.toUpperCase();
    const replaced =
      replacedKey !== undefined && (planned.get(replacedKey) ?? 0) >= MIN_TRADE_USD
        ? positions.get(replacedKey)
        : undefined;
    if (replacedSymbol && !replaced) {
      const what =
        match?.matched_by === null
          ? `No holding has the symbol or the instrument name '${replacedSymbol}'`
          : `${replacedSymbol} is not held (or is already sold by an earlier discovery)`;
      violations.push({
        constraint: 'replacement_for',
        symbol: d.symbol,
        message: `${what}, so nothing is sold to make room for ${d.symbol}; it is bought from cash.`,
      });
    }
    const target = Math.max(0, d.recommended_allocation) * scale * total;
    const delta = target - (planned.get(key) ?? 0);
    if (Math.abs(delta) < MIN_TRADE_USD) continue; // already at its target
    if (Math.abs(delta) < threshold) {
      violations.push({
        constraint: 'rebalancing_threshold',
        symbol: d.symbol,
        message: `The trade in ${d.symbol} (${roundCents(Math.abs(delta))} USD) is below the rebalancing threshold of ${roundCents(threshold)} USD; skipped.`,
      });
      continue;
    }
    // A held symbol trades at the price its holding is valued at, so shares and value agree
    // (planIntegration checked that price); anything else at the market data's price, which
    // must give the buy a share count above 0.
    const price = positions.get(key)?.price ?? instrument.current_price;
    if (delta > 0 && !(price >= SHARE_PRICE_LIMITS_USD.min && price <= SHARE_PRICE_LIMITS_USD.max)) {
      violations.push({
        constraint: 'unknown_symbol',
        symbol: d.symbol,
        message: `The market data has no usable price for ${d.symbol} (${price} USD); it cannot be bought.`,
      });
      continue;
    }
    const by = replaced ? replaced.symbol : null;
    const legs: Leg[] = [];
    if (replaced && replacedKey !== undefined) {
      legs.push({
        action: 'sell',
        symbol: replaced.symbol,
        assetType: replaced.assetType ?? instrument.asset_type,
        amount: replaced.value,
        price: replaced.price,
        shares: replaced.shares,
        reason: `Replace ${replaced.symbol} with ${instrument.symbol}${lossNote(replaced)}`,
        replacementFor: by,
      });
      planned.set(replacedKey, 0);
    }
    legs.push({
      action: delta > 0 ? 'buy' : 'sell',
      symbol: instrument.symbol,
      assetType: instrument.asset_type,
      amount: Math.abs(delta),
      price,
      reason:
        delta > 0
          ? `Bring ${instrument.symbol} to ${roundCents((target / total) * 100)} % of the portfolio`
          : `Trim ${instrument.symbol} to ${roundCents((target / total) * 100)} % of the portfolio`,
      replacementFor: by,
    });
    planned.set(key, target);
    groups.push({
      symbol: instrument.symbol,
      assetType: instrument.asset_type,
      replaced,
      legs,
      harvestedLoss: replaced && request.constraints?.tax_loss_harvesting ? unrealisedLoss(replaced) : 0,
    });
  }
  return groups;
}

/**
 * Tax-loss harvesting: every untouched position that stands at a loss is sold, and the
 * proceeds go into the first discovery of the same asset type that the plan buys, so the
 * exposure stays while the loss is realised (a different security, which keeps clear of
 * wash-sale rules on substantially identical ones).
 */
export function harvestLosses(groups: TradeGroup[], positions: ReadonlyMap<string, Position>, threshold: number): void {
  const touched = new Set(groups.flatMap((g) => g.legs.map((l) => l.symbol.toUpperCase())));
  for (const [key, p] of positions) {
    const loss = unrealisedLoss(p);
    if (touched.has(key) || loss <= 0 || p.value < threshold || p.assetType === undefined) continue;
    const group = groups.find((g) => g.assetType === p.assetType && g.legs.some((l) => l.action === 'buy'));
    const buy = group?.legs.find((l) => l.action === 'buy');
    if (!group || !buy) continue;
    group.legs.unshift({
      action: 'sell',
      symbol: p.symbol,
      assetType: p.assetType,
      amount: p.value,
      price: p.price,
      shares: p.shares,
      reason: `Tax-loss harvesting: realises a loss of ${roundCents(loss)} USD; the exposure is kept through ${group.symbol}`,
      replacementFor: null,
    });
    buy.amount += p.value;
    buy.reason += ` and reinvest the ${p.symbol} proceeds`;
    group.harvestedLoss += loss;
    touched.add(key);
  }
}

export function groupCost(group: TradeGroup, ctx: IntegrationContext): number {
  return group.legs.reduce(
    (sum, l) => sum + tradeCost(l.amount, l.assetType, ctx.costModel ?? DEFAULT_TRANSACTION_COST_MODEL),
    0,
  );
}

function unrealisedLoss(p: Position): number {
  return p.costBasis === undefined ? 0 : Math.max(0, p.costBasis - p.value);
}

function lossNote(p: Position): string {
  const loss = unrealisedLoss(p);
  return loss > 0 ? ` (realises a loss of ${roundCents(loss)} USD)` : '';
}
