import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import uPlot from 'uplot';
import type { HistoryRange } from '../types';
import { timeAxisRange } from '../utils/time-axis';
import type { ChartColumns as Columns } from '../utils/summary';

/** The chart's colours live in CSS (light and dark), read when it draws. */
const colourVariables =
  '[--chart-temp:#0f766e] [--chart-target:#c2410c] [--chart-valve:rgb(124_58_237/0.4)] [--chart-valve-fill:rgb(124_58_237/0.14)] [--chart-axis:#475569] [--chart-grid:#e2e8f0] dark:[--chart-temp:#2dd4bf] dark:[--chart-target:#fb923c] dark:[--chart-valve:rgb(167_139_250/0.45)] dark:[--chart-valve-fill:rgb(167_139_250/0.2)] dark:[--chart-axis:#cbd5e1] dark:[--chart-grid:#334155]';

function readColours(element: HTMLElement) {
  const style = getComputedStyle(element);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    temperature: read('--chart-temp', '#0f766e'),
    target: read('--chart-target', '#c2410c'),
    valve: read('--chart-valve', 'rgba(124, 58, 237, 0.4)'),
    valveFill: read('--chart-valve-fill', 'rgba(124, 58, 237, 0.14)'),
    axis: read('--chart-axis', '#475569'),
    grid: read('--chart-grid', '#e2e8f0'),
  };
}

const chartHeight = () => (window.matchMedia?.('(max-width: 599.98px)').matches ? 220 : 280);

/** Redraws when the theme class on <html> changes (after the settings applied it). */
function useThemeVersion() {
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const observer = new MutationObserver(() => setVersion((value) => value + 1));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
    return () => observer.disconnect();
  }, []);
  return version;
}

/**
 * The temperature line, the target as a step line and, on a second axis of 0–100 %, the valve
 * opening as a light stepped area (issue 32; `showValve` hides it) (uPlot, in its own chunk: the section loads
 * it when it comes near the screen). Times and numbers in the user's locale; colours from CSS
 * variables; the width follows the container. The numbers are in the text alternative beside it,
 * so the canvas is one image with a label for assistive tech.
 */
export default function HistoryChart({
  columns,
  range,
  labels,
  showValve = true,
}: {
  columns: Columns;
  range: HistoryRange;
  labels: { chart: string; temperature: string; target: string; valve: string };
  /** Draws the valve series and its axis (the legend's toggle). */
  showValve?: boolean;
}) {
  const container = useRef<HTMLDivElement>(null);
  const plotRef = useRef<uPlot | null>(null);
  const plotRange = useRef<HistoryRange | null>(null);
  const latest = useRef(columns);
  const intl = useIntl();
  const theme = useThemeVersion();

  // New samples of the same range (the minute's refresh) redraw the plot in place; a plot for
  // another range is built anew below, with them.
  useEffect(() => {
    const changed = latest.current !== columns;
    latest.current = columns;
    if (changed && plotRange.current === range) plotRef.current?.setData(columns);
  }, [columns, range]);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const colours = readColours(element);
    const number = new Intl.NumberFormat(intl.locale, { maximumFractionDigits: 1 });
    const time = new Intl.DateTimeFormat(intl.locale, { hour: '2-digit', minute: '2-digit' });
    const day = new Intl.DateTimeFormat(intl.locale, {
      weekday: range === '7d' ? 'short' : undefined,
      day: 'numeric',
      month: 'numeric',
    });
    const dayTime = new Intl.DateTimeFormat(intl.locale, {
      day: 'numeric',
      month: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    });
    const formatTime = (seconds: number) => {
      const date = new Date(seconds * 1000);
      if (range === '24h') return time.format(date);
      return date.getHours() === 0 && date.getMinutes() === 0
        ? day.format(date)
        : dayTime.format(date);
    };
    const axis = {
      stroke: colours.axis,
      grid: { stroke: colours.grid, width: 1 },
      ticks: { stroke: colours.grid, width: 1 },
    };
    const plot = new uPlot(
      {
        width: Math.max(element.clientWidth, 200),
        height: chartHeight(),
        legend: { show: false },
        cursor: { drag: { x: false, y: false }, points: { show: false } },
        scales: {
          x: { time: true, range: (_self, min, max) => timeAxisRange(range, min, max) },
          valve: { range: [0, 100] },
          y: {
            range: (_self, min, max) =>
              min === null || max === null || !Number.isFinite(min) || !Number.isFinite(max)
                ? [15, 25]
                : [Math.floor(min - 0.5), Math.ceil(max + 0.5)],
          },
        },
        series: [
          {},
          {
            label: labels.temperature,
            stroke: colours.temperature,
            width: 2,
            spanGaps: false,
            points: { show: false },
          },
          {
            label: labels.target,
            stroke: colours.target,
            width: 1.5,
            dash: [6, 4],
            paths: uPlot.paths.stepped?.({ align: 1 }),
            points: { show: false },
          },
          {
            label: labels.valve,
            show: showValve,
            scale: 'valve',
            stroke: colours.valve,
            fill: colours.valveFill,
            width: 1,
            spanGaps: false,
            paths: uPlot.paths.stepped?.({ align: 1 }),
            points: { show: false },
          },
        ],
        axes: [
          { ...axis, space: 70, values: (_self, splits) => splits.map(formatTime) },
          {
            ...axis,
            size: 64,
            values: (_self, splits) => splits.map((value) => `${number.format(value)} °C`),
          },
          {
            ...axis,
            show: showValve,
            scale: 'valve',
            side: 1,
            size: 52,
            grid: { show: false },
            splits: () => [0, 25, 50, 75, 100],
            values: (_self, splits) => splits.map((value) => `${number.format(value)} %`),
          },
        ],
      },
      latest.current,
      element,
    );
    plotRef.current = plot;
    plotRange.current = range;
    let width = element.clientWidth;
    const resize = new ResizeObserver(() => {
      if (element.clientWidth === width) return;
      width = element.clientWidth;
      plot.setSize({ width: Math.max(width, 200), height: chartHeight() });
    });
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
      plotRef.current = null;
    };
  }, [range, intl.locale, labels, theme, showValve]);

  return (
    <div
      ref={container}
      role="img"
      aria-label={labels.chart}
      className={`w-full min-w-0 overflow-hidden ${colourVariables}`}
    />
  );
}
