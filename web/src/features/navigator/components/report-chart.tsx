import { ownEntry } from '@engine/own-entry.ts';
import type { ReportName, ReportResponse } from '@engine/reports/report-definitions.ts';
import {
  CHART_PALETTE,
  type ChartConfig,
  ChartContainer,
  ChartLegend,
  ChartLegendContent,
  ChartTooltip,
  ChartTooltipContent,
  chartColorVariable,
} from '@web/components/ui/chart.tsx';
import { Bar, BarChart, CartesianGrid, XAxis, YAxis } from 'recharts';
import {
  type ChartData,
  countComplianceChart,
  inventoryValueChart,
  nightlyVarianceChart,
  orderSpendChart,
  parHealthChart,
  usageChart,
  valueAxisWidth,
} from '../model/report-chart-data.ts';

const money = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});
const cents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const plain = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

const COMPLIANCE_LABELS: Record<string, string> = {
  countsCompleted: 'Cafés counted',
  countsDue: 'Cafés due a count',
  nightlyDone: 'Nightly counts done',
  nightlyDue: 'Nightly counts due',
};

// Done beside due in the same hue, due lighter; statuses in the colours people read them in.
const FIXED_COLORS: Record<string, string> = {
  countsCompleted: 'oklch(0.55 0.15 250)',
  countsDue: 'oklch(0.82 0.06 250)',
  nightlyDone: 'oklch(0.6 0.14 150)',
  nightlyDue: 'oklch(0.85 0.07 150)',
  submitted: 'oklch(0.75 0.15 75)',
  approved: 'oklch(0.65 0.1 200)',
  placed: 'oklch(0.58 0.14 255)',
  received: 'oklch(0.6 0.14 150)',
  rejected: 'oklch(0.6 0.19 25)',
  cancelled: 'oklch(0.7 0.02 250)',
  'too low': 'oklch(0.6 0.19 25)',
  'too high': 'oklch(0.75 0.15 75)',
  'check counts': 'oklch(0.6 0.12 300)',
  ok: 'oklch(0.6 0.14 150)',
  'not measured': 'oklch(0.82 0.02 250)',
  retired: 'oklch(0.65 0.02 250)',
};

const VERDICT_LABELS: Record<string, string> = {
  'too low': 'Too low',
  'too high': 'Too high',
  'check counts': 'Check counts',
  ok: 'OK',
  'not measured': 'Not measured',
  retired: 'Retired',
};

function configOf(data: ChartData, labels: Readonly<Record<string, string>> = {}): ChartConfig {
  return Object.fromEntries(
    data.series.map((key, index) => {
      const name = (data.names && ownEntry(data.names, key)) ?? key;
      return [
        key,
        {
          label: ownEntry(labels, name) ?? name,
          color: ownEntry(FIXED_COLORS, name) ?? (CHART_PALETTE[index % CHART_PALETTE.length] as string),
        },
      ];
    }),
  );
}

function StackedBars({
  data,
  config,
  stacked,
  format,
  horizontal = false,
}: {
  data: ChartData;
  config: ChartConfig;
  stacked: boolean;
  format: (value: number) => string;
  horizontal?: boolean;
}) {
  return (
    // Ten bars with names of up to three lines each need about 48 px a bar where the names wrap most (a phone).
    <ChartContainer config={config} className={horizontal ? 'h-[30rem] sm:h-96' : undefined}>
      <BarChart
        data={data.points}
        layout={horizontal ? 'vertical' : 'horizontal'}
        margin={{ left: 4, right: 8, top: 8, bottom: 4 }}
        accessibilityLayer={false}
      >
        <CartesianGrid vertical={horizontal} horizontal={!horizontal} />
        {horizontal ? (
          <>
            <XAxis type="number" tickFormatter={format} tickLine={false} axisLine={false} />
            <YAxis
              type="category"
              dataKey={data.x}
              width={130}
              tickLine={false}
              axisLine={false}
              interval={0}
            />
          </>
        ) : (
          <>
            <XAxis dataKey={data.x} tickLine={false} axisLine={false} minTickGap={12} />
            <YAxis
              tickFormatter={format}
              width={valueAxisWidth(data, stacked, format)}
              tickLine={false}
              axisLine={false}
            />
          </>
        )}
        <ChartTooltip content={<ChartTooltipContent formatValue={format} />} />
        {data.series.length > 1 ? <ChartLegend content={<ChartLegendContent />} /> : null}
        {data.series.map((key) => (
          <Bar
            key={key}
            dataKey={key}
            stackId={stacked ? 'total' : undefined}
            fill={`var(${chartColorVariable(key)})`}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    </ChartContainer>
  );
}

/** The picture of a report; the table below it holds the same figures as text. */
export function ReportChart<N extends ReportName>({ report }: { report: ReportResponse<N> }) {
  const manyCafes = report.locations.length > 1;
  switch (report.report) {
    case 'inventory-value': {
      const data = inventoryValueChart(report.rows as ReportResponse<'inventory-value'>['rows'], manyCafes);
      return <StackedBars data={data} config={configOf(data)} stacked format={money.format} />;
    }
    case 'order-spend': {
      const data = orderSpendChart(report.rows as ReportResponse<'order-spend'>['rows']);
      return (
        <div className="grid gap-1">
          {data.unspent > 0 ? (
            <p className="text-sm text-muted-foreground">
              {cents.format(data.unspent)} of cancelled or rejected orders is not in the bars; the table lists
              them.
            </p>
          ) : null}
          <StackedBars data={data} config={configOf(data)} stacked format={money.format} />
        </div>
      );
    }
    case 'count-compliance': {
      const data = countComplianceChart(report.rows as ReportResponse<'count-compliance'>['rows']);
      return (
        <div className="grid gap-1">
          <p className="text-sm text-muted-foreground">
            Each café counts up to what it owed, so extra counts at one café do not hide a missed one at
            another; the table has every café’s own figures.
          </p>
          <StackedBars
            data={data}
            config={configOf(data, COMPLIANCE_LABELS)}
            stacked={false}
            format={plain.format}
          />
        </div>
      );
    }
    case 'usage': {
      const data = usageChart(report.rows as ReportResponse<'usage'>['rows']);
      return (
        <div className="grid gap-1">
          <p className="text-sm text-muted-foreground">
            {data.jumpedOnly
              ? 'Usage per day where it jumped (more than twice the product’s usual), highest first.'
              : 'No usage jumped in this range; the highest usage per day is shown.'}
          </p>
          <StackedBars
            data={data}
            config={configOf(data, { usagePerDay: 'Usage per day' })}
            stacked={false}
            format={plain.format}
            horizontal
          />
        </div>
      );
    }
    case 'nightly-variance': {
      const data = nightlyVarianceChart(report.rows as ReportResponse<'nightly-variance'>['rows']);
      return (
        <div className="grid gap-1">
          <p className="text-sm text-muted-foreground">
            Products furthest from Square over the range (total of each night’s difference, either way).
          </p>
          <StackedBars
            data={data}
            config={configOf(data, { absoluteVariance: 'Total absolute variance' })}
            stacked={false}
            format={plain.format}
            horizontal
          />
        </div>
      );
    }
    case 'par-health': {
      const data = parHealthChart(report.rows as ReportResponse<'par-health'>['rows']);
      return (
        <div className="grid gap-1">
          <p className="text-sm text-muted-foreground">
            PARs at each café by verdict: too low runs out before the next order, too high sits on the shelf.
          </p>
          <StackedBars data={data} config={configOf(data, VERDICT_LABELS)} stacked format={plain.format} />
        </div>
      );
    }
  }
  return null;
}
