import { presentComponents, scoreBreakdown, type ScoreBreakdown } from './breakdown';
import { confidenceOf, type ConfidenceFactors } from './confidence';
import { InsufficientDataError, parseAssetType, ScoringError } from '@disc/types';
import { gradeFor } from './grades';
import { computeMetrics, emptyMetrics } from './metrics';
import type { BenchmarkIndex } from './metrics-beta';
import type { PeerIndex } from './peers';
import { buildRationale } from './rationale';
import type { Component } from './subscore-spec';
import type {
  APlusAnalysis,
  Grade,
  Instrument,
  MarketContext,
  PriceMetrics,
  PriceSeries,
  RiskTolerance,
} from '@disc/types';

export interface AnalyseOptions {
  context?: MarketContext;
  riskTolerance?: RiskTolerance;
  /** Replacement base component weights (normalised). */
  weights?: Partial<Record<Component, number>>;
  /** Grade by percentile within peers instead of the absolute score (see peers.ts). */
  peers?: PeerIndex;
  /** preliminary_score of the candidate (from screening); defaults to the final score. */
  preliminaryScore?: number;
  /** discovery_date of the candidate; ISO string or Date. Defaults to now. */
  discoveryDate?: string | Date;
}

export interface Analysis {
  analysis: APlusAnalysis;
  breakdown: ScoreBreakdown;
  confidence: ConfidenceFactors;
  /** The absolute final score (before any peer-relative grading). */
  absolute_score: number;
}

/** At least two components must have data; fewer is "too little to score at all". */
export const MIN_COMPONENTS = 2;

/** Pure scoring: metrics in, APlusAnalysis and its breakdown out. O(1) per instrument. */
export function analyseDetailed(instrument: Instrument, metrics: PriceMetrics, options: AnalyseOptions = {}): Analysis {
  parseAssetType(instrument.asset_type);
  const weightOptions = {
    ...(options.context ? { regime: options.context.regime } : {}),
    ...(options.riskTolerance ? { riskTolerance: options.riskTolerance } : {}),
    ...(options.weights ? { base: options.weights } : {}),
  };
  const breakdown = scoreBreakdown(instrument, metrics, weightOptions);
  const present = presentComponents(breakdown);
  if (present.length < MIN_COMPONENTS) {
    throw new InsufficientDataError(
      `Not enough data to score ${instrument.symbol}: only ${present.length} of 4 components have data (need ${MIN_COMPONENTS}). ` +
        `Provide ${instrument.asset_type} fundamentals and/or a daily price history.`,
      {
        details: { symbol: instrument.symbol, components_with_data: present, price_observations: metrics.observations },
      },
    );
  }
  const absolute = round(breakdown.final_score, 4);
  let score = absolute;
  let peer: { group: string; percentile: number; absolute: number; absoluteGrade: Grade } | undefined;
  if (options.peers) {
    const group = options.peers.groupOf(instrument);
    const percentile = round(options.peers.percentile(group, absolute), 4);
    peer = { group, percentile, absolute, absoluteGrade: gradeFor(absolute) };
    score = percentile;
  }
  const confidence = confidenceOf(breakdown, metrics);
  const grade = gradeFor(score);
  const components = breakdown.components;
  const analysis: APlusAnalysis = {
    candidate: {
      symbol: instrument.symbol,
      name: instrument.name,
      asset_type: instrument.asset_type,
      current_price: instrument.current_price,
      market_cap: instrument.market_cap,
      preliminary_score: round(options.preliminaryScore ?? absolute, 4),
      discovery_date: isoDate(options.discoveryDate),
    },
    fundamental_score: round(components.fundamental.score ?? 0, 4),
    technical_score: round(components.technical.score ?? 0, 4),
    quality_score: round(components.quality.score ?? 0, 4),
    risk_score: round(components.risk.score ?? 0, 4),
    final_grade: grade,
    confidence_level: round(confidence.confidence, 4),
    rationale: buildRationale({
      breakdown,
      confidence,
      score,
      grade,
      context: options.context,
      riskTolerance: options.riskTolerance,
      peer,
    }),
    final_score: score,
  };
  if (peer) {
    analysis.absolute_score = absolute;
    analysis.peer_group = peer.group;
  }
  checkRanges(instrument, analysis);
  return { analysis, breakdown, confidence, absolute_score: absolute };
}

export function analyse(instrument: Instrument, metrics: PriceMetrics, options: AnalyseOptions = {}): APlusAnalysis {
  return analyseDetailed(instrument, metrics, options).analysis;
}

export interface ScoreInstrumentOptions extends AnalyseOptions {
  /** Precomputed metrics (providers cache them); computed from `instrument.prices` otherwise. */
  metrics?: PriceMetrics;
  benchmark?: PriceSeries | BenchmarkIndex | null;
}

/** Convenience entry point: computes metrics when not given, then `analyse`. */
export function scoreInstrument(instrument: Instrument, options: ScoreInstrumentOptions = {}): APlusAnalysis {
  const metrics =
    options.metrics ??
    (instrument.prices && instrument.prices.closes.length > 1
      ? computeMetrics(instrument.prices, options.benchmark ?? null, { riskFree: options.context?.risk_free_rate ?? 0 })
      : emptyMetrics());
  return analyse(instrument, metrics, options);
}

function checkRanges(instrument: Instrument, a: APlusAnalysis): void {
  const values = [
    a.fundamental_score,
    a.technical_score,
    a.quality_score,
    a.risk_score,
    a.confidence_level,
    a.final_score ?? 0,
  ];
  if (values.some((v) => !(v >= 0 && v <= 1))) {
    throw new ScoringError(`Scoring ${instrument.symbol} produced a value outside 0..1`, {
      details: { symbol: instrument.symbol, values },
    });
  }
}

function round(x: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}

function isoDate(d: string | Date | undefined): string {
  if (d === undefined) return new Date().toISOString();
  return typeof d === 'string' ? d : d.toISOString();
}
