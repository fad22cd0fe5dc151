import { useEffect, useMemo, useRef } from 'react';
import uPlot, { type AlignedData, type Options } from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { PerformanceMonth, VendorPerformance } from '#shared/contracts/performance';
import { newYorkDayStart, nextDay } from '#shared/rules/new-york-time';

// Loaded only by the Vendor performance screen (a dynamic import): uPlot stays out of every other page's code.

const COLORS = ['#2563eb', '#d97706', '#059669', '#db2777', '#7c3aed', '#0891b2', '#65a30d', '#dc2626'];
const HEIGHT = 240;

/** One uPlot chart, as wide as its box; drawn again when its data or width changes. */
function Chart({
  label,
  options,
  data,
}: {
  label: string;
  options: Omit<Options, 'width' | 'height'>;
  data: AlignedData;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const chart = new uPlot({ ...options, width: element.clientWidth, height: HEIGHT }, data, element);
    const observer = new ResizeObserver(() => chart.setSize({ width: element.clientWidth, height: HEIGHT }));
    observer.observe(element);
    return () => {
      observer.disconnect();
      chart.destroy();
    };
  }, [options, data]);
  return <div ref={box} role="img" aria-label={label} className="min-w-0" />;
}

const seconds = (day: string) => newYorkDayStart(day).getTime() / 1000;

/** Per vendor, one series over the sends' dates: each vendor's points where it sent, gaps elsewhere. */
function perSend(
  vendors: readonly VendorPerformance[],
  valueOf: (point: VendorPerformance['points'][number]) => number | null,
) {
  const days = [...new Set(vendors.flatMap((vendor) => vendor.points.map((point) => point.date)))].sort();
  const data: AlignedData = [
    days.map(seconds),
    ...vendors.map((vendor) =>
      days.map((day) => {
        const values = vendor.points.filter((point) => point.date === day).map(valueOf);
        const known = values.filter((value): value is number => value !== null);
        // Two sends a day: their mean, as one point.
        return known.length === 0 ? null : known.reduce((a, b) => a + b, 0) / known.length;
      }),
    ),
  ];
  return { days, data };
}

function overTime(
  period: { from: string; to: string },
  vendors: readonly VendorPerformance[],
  unit: string,
  format: (value: number) => string,
): Omit<Options, 'width' | 'height'> {
  return {
    // The chosen period from end to end, however few the sends.
    scales: { x: { time: true, range: () => [seconds(period.from), seconds(nextDay(period.to))] } },
    axes: [{}, { label: unit, values: (_chart, ticks) => ticks.map(format), size: 64 }],
    series: [
      {},
      ...vendors.map((vendor, index) => ({
        label: vendor.name,
        stroke: COLORS[index % COLORS.length],
        width: 2,
        spanGaps: true,
        points: { show: true, size: 7 },
        value: (_chart: uPlot, value: number | null) => (value === null ? '—' : format(value)),
      })),
    ],
  };
}

const dollars = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { maximumFractionDigits: 2 })}`;
const percent = (basisPoints: number) =>
  `${(basisPoints / 100).toLocaleString('en-US', { maximumFractionDigits: 1 })} %`;

function monthsChart(months: readonly PerformanceMonth[]) {
  // Raised left of the month, owed right of it; both from zero.
  const raisedBars = uPlot.paths.bars!({ size: [0.3, 40], align: -1 });
  const owedBars = uPlot.paths.bars!({ size: [0.3, 40], align: 1 });
  const options: Omit<Options, 'width' | 'height'> = {
    scales: {
      x: { time: false, range: () => [-0.5, months.length - 0.5] },
      y: { range: (_chart, _min, max) => [0, Math.max(max, 100) * 1.1] },
    },
    axes: [
      {
        // One tick per month, at its bars.
        splits: () => months.map((_month, index) => index),
        values: (_chart, ticks) => ticks.map((tick) => months[tick]?.month ?? ''),
      },
      { label: 'Dollars', values: (_chart, ticks) => ticks.map(dollars), size: 72 },
    ],
    series: [
      { value: (_chart, value) => months[Math.round(value)]?.month ?? '' },
      {
        label: 'Raised (net)',
        fill: '#059669',
        stroke: '#047857',
        paths: raisedBars,
        points: { show: false },
        value: (_c, v) => (v === null ? '—' : dollars(v)),
      },
      {
        label: 'Owed',
        fill: '#d97706',
        stroke: '#b45309',
        paths: owedBars,
        points: { show: false },
        value: (_c, v) => (v === null ? '—' : dollars(v)),
      },
    ],
  };
  const data: AlignedData = [
    months.map((_month, index) => index),
    months.map((m) => m.netCents),
    months.map((m) => m.owedCents),
  ];
  return { options, data };
}

/** The charts a person reads faster than the table: per vendor over time, and owed against raised per month. */
export function PerformanceCharts({
  from,
  to,
  vendors,
  months,
}: {
  from: string;
  to: string;
  vendors: readonly VendorPerformance[];
  months: readonly PerformanceMonth[];
}) {
  const charts = useMemo(() => chartsOf({ from, to }, vendors, months), [from, to, vendors, months]);
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      {charts.map((chart) => (
        <figure key={chart.title} className="min-w-0 rounded-md border border-slate-200 p-3">
          <figcaption className="mb-2 text-sm font-semibold">{chart.title}</figcaption>
          <Chart label={chart.label} options={chart.options} data={chart.data} />
        </figure>
      ))}
    </div>
  );
}

function chartsOf(
  period: { from: string; to: string },
  vendors: readonly VendorPerformance[],
  months: readonly PerformanceMonth[],
) {
  const cost = perSend(vendors, (point) => point.costPerNewDonorCents);
  const roi = perSend(vendors, (point) => point.roiBasisPoints);
  const monthly = monthsChart(months);
  const sends = cost.days.length;
  const names = vendors.map((vendor) => vendor.name).join(', ');
  const charts = [
    {
      title: 'Cost per new donor, per send',
      label: `Line chart: cost per new donor of each send over time, ${vendors.length} vendor(s) (${names}) on ${sends} day(s). The table above has every figure.`,
      options: overTime(period, vendors, 'Per new donor', dollars),
      data: cost.data,
    },
    {
      title: 'ROI, per send',
      label: `Line chart: ROI of each send over time, ${vendors.length} vendor(s) (${names}) on ${sends} day(s). The table above has every figure.`,
      options: overTime(period, vendors, 'ROI', percent),
      data: roi.data,
    },
    {
      title: 'Owed vs raised, per month',
      label: `Bar chart: net raised and amount owed per month, all vendors, ${months
        .map((month) => `${month.month}: raised ${dollars(month.netCents)}, owed ${dollars(month.owedCents)}`)
        .join('; ')}.`,
      ...monthly,
    },
  ];
  return charts;
}
