// Grade/score history as a uPlot line over the grade bands (drawn as background in the
// `drawClear` hook). Loaded on demand, so uPlot is not in the initial bundle.
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { BAND_COLOURS, GRADE_BANDS, gradeFamily } from '../grades';
import type { HistoryPoint } from '../history';

const DAY = 86_400;

export function drawHistoryChart(container: HTMLElement, points: readonly HistoryPoint[]): () => void {
  const xs = points.map((p) => Date.parse(p.date) / 1000);
  const ys = points.map((p) => p.score);
  const first = xs[0] ?? Date.now() / 1000;
  const last = xs[xs.length - 1] ?? first;
  const lowest = Math.min(...ys, 0.8);
  const options: uPlot.Options = {
    width: Math.max(320, (container.clientWidth || 720) - 8),
    height: 280,
    padding: [8, 40, 0, 0],
    scales: {
      x: { time: true, range: () => [first - 3 * DAY, last + 3 * DAY] },
      y: { range: () => [Math.max(0, Math.floor(lowest * 20) / 20 - 0.05), 1] },
    },
    axes: [
      {
        space: 90,
        incrs: [DAY, 2 * DAY, 7 * DAY, 14 * DAY, 30 * DAY, 91 * DAY, 365 * DAY],
        values: (_u, ticks) => ticks.map((t) => new Date(t * 1000).toISOString().slice(0, 10)),
      },
      { label: 'Final score', values: (_u, ticks) => ticks.map((t) => t.toFixed(2)) },
    ],
    series: [{}, { label: 'Score', stroke: '#1d4ed8', width: 2, points: { show: true, size: 9, fill: '#1d4ed8' } }],
    legend: { show: false },
    cursor: { show: true },
    hooks: {
      drawClear: [
        (u) => {
          const { ctx, bbox } = u;
          ctx.save();
          ctx.font = `${Math.round(11 * devicePixelRatio)}px sans-serif`;
          GRADE_BANDS.forEach((band, index) => {
            const top = u.valToPos(band.max, 'y', true);
            const bottom = u.valToPos(band.min, 'y', true);
            const y0 = Math.max(bbox.top, Math.min(top, bottom));
            const y1 = Math.min(bbox.top + bbox.height, Math.max(top, bottom));
            if (y1 <= y0) return;
            ctx.fillStyle = BAND_COLOURS[gradeFamily(band.grade)] ?? 'transparent';
            ctx.fillRect(bbox.left, y0, bbox.width, y1 - y0);
            // Every other band a shade darker, so that A+, A and A- stay apart.
            if (index % 2 === 0) {
              ctx.fillStyle = 'rgba(15, 23, 42, 0.04)';
              ctx.fillRect(bbox.left, y0, bbox.width, y1 - y0);
            }
            if (y1 - y0 > 12 * devicePixelRatio) {
              ctx.fillStyle = '#374151';
              ctx.fillText(band.grade, bbox.left + 4 * devicePixelRatio, y1 - 3 * devicePixelRatio);
            }
          });
          ctx.restore();
        },
      ],
    },
  };
  const plot = new uPlot(options, [xs, ys], container);
  return () => plot.destroy();
}
