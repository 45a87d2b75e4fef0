import type { Curve } from './curves';
import type { Unit } from './format';
import type { AssetType, Instrument, PriceMetrics } from '@disc/types';

export type Component = 'fundamental' | 'quality' | 'technical' | 'risk';
export const COMPONENTS: readonly Component[] = Object.freeze(['fundamental', 'quality', 'technical', 'risk'] as const);

/** One named sub-score: which metric it reads, its curve, its weight inside its component,
 * and the reference level the rationale compares against (usually the screening default). */
export interface SubScoreSpec {
  key: string;
  label: string;
  component: Component;
  weight: number;
  unit: Unit;
  curve: Curve;
  read: (instrument: Instrument, metrics: PriceMetrics) => number | boolean | null | undefined;
  reference?: { value: number; text: string };
  /** Cost sub-scores weigh more when the regime makes costs matter more. */
  cost?: boolean;
}

/** Technical and risk sub-scores read price metrics; only their anchors differ by asset type. */
export interface MarketAnchors {
  return3y: [zero: number, full: number];
  momentum12m: [zero: number, full: number];
  sharpe: [zero: number, full: number];
  volatility: [zero: number, full: number];
  drawdown: [zero: number, full: number];
  beta: [zero: number, full: number] | null;
}

export function marketSubScores(a: MarketAnchors): SubScoreSpec[] {
  // Without a beta (crypto has no meaningful equity benchmark) volatility and drawdown share
  // the risk component equally.
  const riskWeight = a.beta ? 0.4 : 0.5;
  const specs: SubScoreSpec[] = [
    {
      key: 'sharpe',
      label: 'Sharpe ratio (1y)',
      component: 'technical',
      weight: 0.3,
      unit: 'ratio',
      curve: { kind: 'linear', zero: a.sharpe[0], full: a.sharpe[1] },
      read: (_i, m) => m.sharpe,
    },
    {
      key: 'return_3y',
      label: '3-year annualised return',
      component: 'technical',
      weight: 0.2,
      unit: 'fraction',
      curve: { kind: 'linear', zero: a.return3y[0], full: a.return3y[1] },
      read: (_i, m) => m.return_3y,
    },
    {
      key: 'momentum_12m',
      label: '12-month momentum',
      component: 'technical',
      weight: 0.2,
      unit: 'fraction',
      curve: { kind: 'linear', zero: a.momentum12m[0], full: a.momentum12m[1] },
      read: (_i, m) => m.momentum_12m,
    },
    {
      key: 'ma_trend',
      label: '50/200-day moving-average trend',
      component: 'technical',
      weight: 0.15,
      unit: 'fraction',
      curve: { kind: 'linear', zero: -0.1, full: 0.05 },
      read: (_i, m) => m.ma_trend,
    },
    {
      key: 'rsi_14',
      label: 'RSI(14)',
      component: 'technical',
      weight: 0.15,
      unit: 'index',
      curve: { kind: 'band', zeroLo: 20, lo: 40, hi: 70, zeroHi: 90 },
      read: (_i, m) => m.rsi_14,
    },
    {
      key: 'volatility',
      label: 'annualised volatility (1y)',
      component: 'risk',
      weight: riskWeight,
      unit: 'fraction',
      curve: { kind: 'linear', zero: a.volatility[0], full: a.volatility[1] },
      read: (_i, m) => m.volatility,
    },
    {
      key: 'max_drawdown',
      label: 'maximum drawdown',
      component: 'risk',
      weight: riskWeight,
      unit: 'fraction',
      curve: { kind: 'linear', zero: a.drawdown[0], full: a.drawdown[1] },
      read: (_i, m) => m.max_drawdown,
    },
  ];
  if (a.beta) {
    specs.push({
      key: 'beta',
      label: 'beta to the benchmark',
      component: 'risk',
      weight: 0.2,
      unit: 'ratio',
      curve: { kind: 'linear', zero: a.beta[0], full: a.beta[1] },
      read: (_i, m) => m.beta,
    });
  }
  return specs;
}

export type SubScoreTable = Readonly<Record<AssetType, readonly SubScoreSpec[]>>;
