#!/usr/bin/env python3
"""Independent reference values for the metrics test (src/metrics.sp500.test.ts).

Computes the same statistics as @disc/scoring from vega-datasets' daily S&P 500 closes
(2000-01-03 .. 2020-04-17) with Python's standard library only, written separately from
the TypeScript code. Run: python3 scripts/sp500-reference.py
"""
import csv, json, math, statistics, os

here = os.path.dirname(os.path.abspath(__file__))
path = os.path.join(here, '..', 'node_modules', 'vega-datasets', 'data', 'sp500-2000.csv')
rows = list(csv.DictReader(open(path)))

def metrics(closes):
    logs = [math.log(b / a) for a, b in zip(closes, closes[1:])]
    gains = [max(b - a, 0.0) for a, b in zip(closes, closes[1:])]
    losses = [max(a - b, 0.0) for a, b in zip(closes, closes[1:])]
    # Wilder RSI over the last 300 closes (299 changes), seeded by the plain mean of 14.
    g, l = gains[-299:], losses[-299:]
    ag, al = sum(g[:14]) / 14, sum(l[:14]) / 14
    for x, y in zip(g[14:], l[14:]):
        ag, al = (ag * 13 + x) / 14, (al * 13 + y) / 14
    peak, mdd = closes[0], 0.0
    for c in closes:
        peak = max(peak, c)
        mdd = max(mdd, (peak - c) / peak)
    return {
        'return_1y': closes[-1] / closes[-253] - 1,
        'return_3y': (closes[-1] / closes[-757]) ** (1 / 3) - 1,
        'volatility': statistics.stdev(logs[-252:]) * math.sqrt(252),
        'volatility_90d': statistics.stdev(logs[-90:]) * math.sqrt(252),
        'max_drawdown': mdd,
        'momentum_6m': closes[-1] / closes[-127] - 1,
        'ma_trend': statistics.fmean(closes[-50:]) / statistics.fmean(closes[-200:]) - 1,
        'rsi_14': 100 - 100 / (1 + ag / al),
    }

out = {}
for cut in ['2008-12-31', '2020-04-17']:
    closes = [float(r['close']) for r in rows if r['date'] <= cut]
    out[cut] = metrics(closes)
print(json.dumps(out, indent=2))
