// Daily closes with their 50- and 200-day averages as uPlot lines (loaded on demand with
// the symbol page, so uPlot stays out of the initial bundle). The three lines differ in
// dash and width as well as colour, and the legend names them.
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface PricePoint {
  date: string;
  close: number;
  sma_50: number | null;
  sma_200: number | null;
}

export function drawPriceChart(container: HTMLElement, points: readonly PricePoint[], currency: string): () => void {
  const xs = points.map((p) => Date.parse(`${p.date}T00:00:00Z`) / 1000);
  const options: uPlot.Options = {
    width: Math.max(320, (container.clientWidth || 720) - 8),
    height: 300,
    padding: [8, 16, 0, 0],
    scales: { x: { time: true } },
    axes: [
      { space: 90, values: (_u, ticks) => ticks.map((t) => new Date(t * 1000).toISOString().slice(0, 10)) },
      { label: `Price (${currency})`, size: 70 },
    ],
    series: [
      { value: (_u, v) => (v === null ? '–' : new Date(v * 1000).toISOString().slice(0, 10)) },
      { label: 'Close', stroke: '#1d4ed8', width: 1.5 },
      { label: '50-day average', stroke: '#b45309', width: 2, dash: [8, 4] },
      { label: '200-day average', stroke: '#047857', width: 2.5, dash: [2, 3] },
    ],
    legend: { show: true },
    cursor: { show: true },
  };
  const data: uPlot.AlignedData = [
    xs,
    points.map((p) => p.close),
    points.map((p) => p.sma_50),
    points.map((p) => p.sma_200),
  ];
  const plot = new uPlot(options, data, container);
  return () => plot.destroy();
}
