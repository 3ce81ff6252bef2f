import { Badge } from '@web/components/ui/badge.tsx';

/** "Active", or the record's own word for switched off ("Inactive", "Deactivated"), muted. */
export function ActiveBadge({ active, inactiveLabel }: { active: boolean; inactiveLabel: string }) {
  return active ? (
    <Badge variant="secondary">Active</Badge>
  ) : (
    <Badge variant="outline" className="text-muted-foreground">
      {inactiveLabel}
    </Badge>
  );
}
