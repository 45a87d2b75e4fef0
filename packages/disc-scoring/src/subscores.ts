import { finiteRatio } from './finite';
import { marketSubScores, type SubScoreSpec, type SubScoreTable } from './subscore-spec';
import type { AssetType } from '@disc/types';

/**
 * The sub-score table. Anchors: `zero` is where a sub-score reaches 0, `full` where it
 * reaches 1. "Full" levels sit well past the contract's screening defaults, so only instruments
 * that pass every screen by a wide margin collect full marks (docs/decisions/0006-grades.md: A+ rare).
 */
const ETF: readonly SubScoreSpec[] = [
  {
    key: 'expense_ratio',
    label: 'expense ratio',
    component: 'fundamental',
    weight: 0.6,
    unit: 'pp',
    cost: true,
    curve: { kind: 'linear', zero: 0.6, full: 0.07 },
    read: (i) => i.etf?.expense_ratio,
    reference: { value: 0.15, text: 'the 0.15 % limit' },
  },
  {
    key: 'aum',
    label: 'assets under management',
    component: 'fundamental',
    weight: 0.4,
    unit: 'usd',
    curve: { kind: 'log', zero: 1e8, full: 2e10 },
    read: (i) => i.etf?.aum,
    reference: { value: 1e9, text: 'the $1B minimum' },
  },
  {
    key: 'tracking_error',
    label: 'tracking error',
    component: 'quality',
    weight: 0.6,
    unit: 'fraction',
    curve: { kind: 'linear', zero: 0.01, full: 0.001 },
    read: (i) => i.etf?.tracking_error,
    reference: { value: 0.002, text: 'the 0.2 % limit' },
  },
  {
    key: 'history_years',
    label: 'fund history',
    component: 'quality',
    weight: 0.4,
    unit: 'years',
    curve: { kind: 'linear', zero: 1, full: 12 },
    read: (i) => i.etf?.history_years,
    reference: { value: 3, text: 'the 3-year minimum' },
  },
  ...marketSubScores({
    return3y: [-0.05, 0.14],
    momentum12m: [-0.2, 0.2],
    sharpe: [-0.5, 1.4],
    volatility: [0.4, 0.12],
    drawdown: [0.55, 0.15],
    beta: [1.8, 0.9],
  }),
];

const STOCK: readonly SubScoreSpec[] = [
  {
    key: 'roe',
    label: 'return on equity',
    component: 'fundamental',
    weight: 0.4,
    unit: 'fraction',
    curve: { kind: 'linear', zero: 0, full: 0.35 },
    read: (i) => i.stock?.roe,
    reference: { value: 0.2, text: 'the 20 % minimum' },
  },
  {
    key: 'revenue_growth_5y',
    label: '5-year revenue growth',
    component: 'fundamental',
    weight: 0.35,
    unit: 'fraction',
    curve: { kind: 'linear', zero: -0.05, full: 0.25 },
    read: (i) => i.stock?.revenue_growth_5y,
    reference: { value: 0.15, text: 'the 15 % minimum' },
  },
  {
    key: 'profit_margin',
    label: 'profit margin',
    component: 'fundamental',
    weight: 0.25,
    unit: 'fraction',
    curve: { kind: 'linear', zero: 0, full: 0.25 },
    read: (i) => i.stock?.profit_margin,
    reference: { value: 0.1, text: 'the 10 % minimum' },
  },
  {
    key: 'debt_to_equity',
    label: 'debt to equity',
    component: 'quality',
    weight: 0.5,
    unit: 'ratio',
    curve: { kind: 'linear', zero: 1.5, full: 0.15 },
    read: (i) => i.stock?.debt_to_equity,
    reference: { value: 0.3, text: 'the 0.3 maximum' },
  },
  {
    key: 'fcf_yield',
    label: 'free-cash-flow yield',
    component: 'quality',
    weight: 0.5,
    unit: 'fraction',
    curve: { kind: 'linear', zero: -0.02, full: 0.035 },
    // Missing when either side is missing: a caller's partial fundamentals lower the confidence.
    // A yield beyond the double range (a market cap of 1e-300 USD) is clamped to its extreme.
    read: (i) =>
      i.stock?.free_cash_flow != null && i.market_cap ? finiteRatio(i.stock.free_cash_flow, i.market_cap) : undefined,
    reference: { value: 0, text: 'zero' },
  },
  ...marketSubScores({
    return3y: [-0.05, 0.25],
    momentum12m: [-0.3, 0.35],
    sharpe: [-0.5, 1.4],
    volatility: [0.65, 0.22],
    drawdown: [0.75, 0.25],
    beta: [2, 1],
  }),
];

const CRYPTO: readonly SubScoreSpec[] = [
  {
    key: 'market_cap',
    label: 'market capitalisation',
    component: 'fundamental',
    weight: 0.5,
    unit: 'usd',
    curve: { kind: 'log', zero: 5e8, full: 1e11 },
    read: (i) => i.market_cap,
    reference: { value: 1e10, text: 'the $10B minimum' },
  },
  {
    key: 'daily_volume',
    label: 'daily trading volume',
    component: 'fundamental',
    weight: 0.5,
    unit: 'usd',
    curve: { kind: 'log', zero: 2e7, full: 5e9 },
    read: (i) => i.crypto?.daily_volume,
    reference: { value: 5e8, text: 'the $500M minimum' },
  },
  {
    key: 'age_months',
    label: 'network age',
    component: 'quality',
    weight: 0.5,
    unit: 'months',
    curve: { kind: 'linear', zero: 6, full: 84 },
    read: (i) => i.crypto?.age_months,
    reference: { value: 36, text: 'the 36-month minimum' },
  },
  {
    key: 'institutional_adoption',
    label: 'institutional adoption',
    component: 'quality',
    weight: 0.5,
    unit: 'flag',
    curve: { kind: 'flag' },
    read: (i) => i.crypto?.institutional_adoption,
  },
  ...marketSubScores({
    return3y: [-0.3, 0.6],
    momentum12m: [-0.5, 0.8],
    sharpe: [-0.5, 1.4],
    volatility: [1.4, 0.45],
    drawdown: [0.95, 0.45],
    beta: null,
  }),
];

export const SUB_SCORES: SubScoreTable = Object.freeze({ etf: ETF, stock: STOCK, crypto: CRYPTO });

export function subScoresFor(assetType: AssetType): readonly SubScoreSpec[] {
  return SUB_SCORES[assetType];
}
