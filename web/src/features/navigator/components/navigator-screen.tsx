import type { Location } from '@engine/api-schemas.ts';
import type { ReportDistrict } from '@engine/endpoints/report-endpoints.ts';
import { REPORT_NAMES, REPORTS, type ReportName } from '@engine/reports/report-definitions.ts';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs.tsx';
import type { NavigatorView } from '../model/navigator-search.ts';
import { ReportFilters } from './report-filters.tsx';
import { ReportPanel } from './report-panel.tsx';

/** The Navigator: pick a report, a range and a café or district; see its chart, its table and download its CSV. */
export function NavigatorScreen({
  view,
  locations,
  closedCafes,
  districts,
  onChange,
}: {
  view: NavigatorView;
  locations: readonly Location[];
  closedCafes: readonly Location[];
  districts: readonly ReportDistrict[];
  onChange: (next: Partial<NavigatorView>) => void;
}) {
  return (
    <Tabs
      value={view.report}
      onValueChange={(report) => onChange({ report: report as ReportName })}
      className="grid min-w-0 gap-4"
    >
      <TabsList aria-label="Reports" className="h-auto flex-wrap justify-start">
        {REPORT_NAMES.map((name) => (
          <TabsTrigger key={name} value={name}>
            {REPORTS[name].title}
          </TabsTrigger>
        ))}
      </TabsList>
      <ReportFilters
        view={view}
        locations={locations}
        closedCafes={closedCafes}
        districts={districts}
        onChange={onChange}
      />
      <TabsContent value={view.report} className="min-w-0">
        <ReportPanel view={view} />
      </TabsContent>
    </Tabs>
  );
}
