import { cn } from '@web/lib/cn.ts';
import * as React from 'react';
import * as RechartsPrimitive from 'recharts';

/*
 * shadcn's chart component, trimmed to what Parstock draws: a container that names each series' label and
 * colour once (as CSS variables `--color-<key>`, so charts follow the UI styles), and a tooltip and legend
 * that read those names. Recharts is imported only here, and only the Navigator imports this file, so the
 * library loads with that route alone (decision 027).
 */

export type ChartConfig = Record<string, { label: string; color: string }>;

const ChartContext = React.createContext<ChartConfig | null>(null);

function useChartConfig(): ChartConfig {
  const config = React.useContext(ChartContext);
  if (!config) throw new Error('useChartConfig must be used inside a <ChartContainer />');
  return config;
}

/** A CSS custom property name from a series key (category names hold spaces and ampersands). */
export function chartColorVariable(key: string): string {
  return `--color-${key.replace(/[^A-Za-z0-9_-]/g, '_')}`;
}

export function ChartContainer({
  config,
  className,
  children,
  ...props
}: React.ComponentProps<'div'> & {
  config: ChartConfig;
  children: React.ComponentProps<typeof RechartsPrimitive.ResponsiveContainer>['children'];
}) {
  const style = Object.fromEntries(
    Object.entries(config).map(([key, { color }]) => [chartColorVariable(key), color]),
  ) as React.CSSProperties;
  return (
    <ChartContext.Provider value={config}>
      <div
        data-slot="chart"
        className={cn(
          'h-64 w-full text-xs sm:h-72',
          '[&_.recharts-cartesian-axis-tick_text]:fill-muted-foreground [&_.recharts-cartesian-grid_line]:stroke-border/60',
          // The chart is a picture of the table below it; keyboard focus goes to the table and the controls.
          '[&_.recharts-surface]:outline-none',
          className,
        )}
        style={style}
        {...props}
      >
        <RechartsPrimitive.ResponsiveContainer>{children}</RechartsPrimitive.ResponsiveContainer>
      </div>
    </ChartContext.Provider>
  );
}

export const ChartTooltip = RechartsPrimitive.Tooltip;
export const ChartLegend = RechartsPrimitive.Legend;

interface PayloadItem {
  dataKey?: string | number | ((value: unknown) => unknown);
  name?: string | number;
  value?: unknown;
  color?: string;
  /** The data point the item belongs to; a `detail` field on it names the point in full in the tooltip. */
  payload?: Record<string, unknown>;
}

export function ChartTooltipContent({
  active,
  payload,
  label,
  formatValue = (value) => String(value),
}: {
  active?: boolean;
  payload?: readonly PayloadItem[];
  label?: React.ReactNode;
  formatValue?: (value: number) => string;
}) {
  const config = useChartConfig();
  if (!active || !payload?.length) return null;
  const detail = payload[0]?.payload?.detail;
  const title = typeof detail === 'string' ? detail : label;
  return (
    <div className="grid min-w-36 gap-1 rounded-md border bg-background px-2.5 py-1.5 text-xs shadow-md">
      {title !== undefined && <div className="font-medium">{title}</div>}
      {payload.map((item) => {
        const key = String(item.dataKey ?? item.name ?? '');
        return (
          <div key={key} className="flex items-center justify-between gap-3">
            <span className="flex items-center gap-1.5 text-muted-foreground">
              <span
                aria-hidden
                className="size-2.5 shrink-0 rounded-[2px]"
                style={{ background: item.color }}
              />
              {config[key]?.label ?? key}
            </span>
            <span className="font-mono font-medium tabular-nums">
              {typeof item.value === 'number' ? formatValue(item.value) : String(item.value ?? '')}
            </span>
          </div>
        );
      })}
    </div>
  );
}

export function ChartLegendContent({ payload }: { payload?: readonly PayloadItem[] }) {
  const config = useChartConfig();
  if (!payload?.length) return null;
  return (
    <ul className="flex flex-wrap justify-center gap-x-3 gap-y-1 pt-2 text-xs">
      {payload.map((item) => {
        const key = String(item.dataKey ?? item.name ?? '');
        return (
          <li key={key} className="flex items-center gap-1.5">
            <span
              aria-hidden
              className="size-2.5 shrink-0 rounded-[2px]"
              style={{ background: item.color }}
            />
            {config[key]?.label ?? key}
          </li>
        );
      })}
    </ul>
  );
}

/** A fixed palette for series without a colour of their own, readable on light and dark backgrounds. */
export const CHART_PALETTE = [
  'oklch(0.6 0.13 250)',
  'oklch(0.68 0.15 150)',
  'oklch(0.72 0.16 70)',
  'oklch(0.62 0.19 25)',
  'oklch(0.58 0.15 300)',
  'oklch(0.7 0.1 200)',
  'oklch(0.65 0.12 110)',
  'oklch(0.6 0.08 40)',
  'oklch(0.55 0.1 340)',
  'oklch(0.5 0.05 250)',
] as const;
