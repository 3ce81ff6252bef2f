import { useSquareOverview } from '@web/features/admin/api/square.ts';
import { QueryState } from '@web/features/admin/components/common/query-state.tsx';
import { SquareCatalogMapping } from './square-catalog-mapping.tsx';
import { SquareLocationMapping } from './square-location-mapping.tsx';
import { SquareStatusCard } from './square-status-card.tsx';
import { SquareVarianceSettings } from './square-variance-settings.tsx';

/** /admin/square: the connection, the mappings of locations and catalog, and the variance threshold. */
export function SquareSection() {
  const overview = useSquareOverview();
  if (!overview.data) return <QueryState query={overview} label="Square settings" />;
  return (
    <div className="grid gap-6">
      <SquareStatusCard overview={overview.data} />
      <SquareLocationMapping overview={overview.data} />
      <SquareCatalogMapping overview={overview.data} />
      <SquareVarianceSettings overview={overview.data} />
    </div>
  );
}
