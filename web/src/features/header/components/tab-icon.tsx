import { ownEntry } from '@engine/own-entry.ts';
import { looksLikeInlineSvg, sanitizeSvgIcon } from '@web/features/header/sanitize-svg-icon.ts';
import { cn } from '@web/lib/cn.ts';
import {
  Activity,
  BarChart3,
  Bell,
  Boxes,
  Calendar,
  CircleCheck,
  CircleDot,
  ClipboardCheck,
  ClipboardList,
  Clock,
  Coffee,
  FileText,
  House,
  LayoutDashboard,
  ListChecks,
  ListTodo,
  Lock,
  type LucideIcon,
  Map as MapIcon,
  MapPin,
  Moon,
  Package,
  Palette,
  Receipt,
  Settings,
  ShoppingBag,
  ShoppingCart,
  Square,
  Store,
  Tag,
  Target,
  Truck,
  Users,
  Warehouse,
} from 'lucide-react';
import { useLayoutEffect, useRef } from 'react';

/*
 * Only the icons tabs are likely to name are bundled: importing lucide's whole set by name would add
 * hundreds of kilobytes to the first load for a dropdown. An unknown name gets a neutral dot.
 */
const ICONS: Readonly<Record<string, LucideIcon>> = {
  activity: Activity,
  'bar-chart': BarChart3,
  'bar-chart-3': BarChart3,
  'chart-bar': BarChart3,
  bell: Bell,
  boxes: Boxes,
  calendar: Calendar,
  'check-circle': CircleCheck,
  'circle-check': CircleCheck,
  'clipboard-check': ClipboardCheck,
  'clipboard-list': ClipboardList,
  clock: Clock,
  coffee: Coffee,
  'file-text': FileText,
  home: House,
  house: House,
  'layout-dashboard': LayoutDashboard,
  'list-checks': ListChecks,
  'list-todo': ListTodo,
  lock: Lock,
  map: MapIcon,
  'map-pin': MapPin,
  moon: Moon,
  package: Package,
  palette: Palette,
  receipt: Receipt,
  settings: Settings,
  'shopping-bag': ShoppingBag,
  'shopping-cart': ShoppingCart,
  square: Square,
  store: Store,
  tag: Tag,
  target: Target,
  truck: Truck,
  users: Users,
  warehouse: Warehouse,
};

/** 'ClipboardList', 'clipboard_list' and 'clipboard-list' all name the same icon. */
export function normaliseIconName(name: string): string {
  return name
    .trim()
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/[_\s]+/g, '-')
    .toLowerCase();
}

const ICON_NAME = /^[a-z][a-z0-9-]*$/;

function InlineSvgIcon({ markup, className }: { markup: string; className?: string }) {
  const holder = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    const svg = sanitizeSvgIcon(markup);
    holder.current?.replaceChildren(...(svg ? [document.importNode(svg, true)] : []));
  }, [markup]);
  return <span ref={holder} aria-hidden className={cn('inline-flex [&>svg]:size-full', className)} />;
}

/** A tab's icon as its row gives it: a lucide name, an inline SVG (sanitised) or a short text such as an emoji. */
export function TabIcon({ icon, className = 'size-4' }: { icon: string | null; className?: string }) {
  if (!icon?.trim()) return <CircleDot aria-hidden className={cn('text-muted-foreground', className)} />;
  if (looksLikeInlineSvg(icon)) return <InlineSvgIcon markup={icon} className={className} />;
  const name = normaliseIconName(icon);
  const Icon = ownEntry(ICONS, name);
  if (Icon) return <Icon aria-hidden className={className} />;
  if (ICON_NAME.test(name))
    return <CircleDot aria-hidden className={cn('text-muted-foreground', className)} />;
  return (
    <span
      aria-hidden
      className={cn('inline-flex items-center justify-center text-sm leading-none', className)}
    >
      {Array.from(icon.trim()).slice(0, 2).join('')}
    </span>
  );
}
