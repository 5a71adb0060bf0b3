import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { BarChart3, KeyRound, LayoutDashboard, ReceiptText, ScrollText, Server, SlidersHorizontal, Ticket, Users, type LucideIcon } from 'lucide-react';

export interface ConsoleSection {
  /** Under `/admin/`; '' is the console's first page. */
  path: string;
  /** The menu label: a key of the section's namespace, e.g. `admin:sections.users`. */
  labelKey: string;
  /** A translation namespace the section's texts live in, loaded with the console (`admin-<area>`). */
  namespace?: string;
  icon: LucideIcon;
  Page: LazyExoticComponent<ComponentType>;
}

/** Each section's page is fetched when it is first opened. */
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): LazyExoticComponent<ComponentType> {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}

/**
 * The console's sections, in menu order. A section is a feature folder
 * (`features/admin-<area>/`) exporting its page; adding one is one entry here.
 */
export const consoleSections: ConsoleSection[] = [
  { path: '', labelKey: 'admin:sections.overview', icon: LayoutDashboard, Page: page(() => import('../features/admin-overview/overview-page.tsx'), 'OverviewPage') },
  { path: 'users', labelKey: 'admin:sections.users', icon: Users, Page: page(() => import('../features/admin-users/users-page.tsx'), 'UsersPage') },
  { path: 'channels', labelKey: 'admin:sections.channels', icon: Server, Page: page(() => import('../features/admin-channels/channels-page.tsx'), 'ChannelsPage') },
  { path: 'keys', labelKey: 'admin-keys:section', namespace: 'admin-keys', icon: KeyRound, Page: page(() => import('../features/admin-keys/keys-page.tsx'), 'KeysPage') },
  { path: 'codes', labelKey: 'admin-codes:section', namespace: 'admin-codes', icon: Ticket, Page: page(() => import('../features/admin-codes/codes-page.tsx'), 'CodesPage') },
  { path: 'orders', labelKey: 'admin-orders:section', namespace: 'admin-orders', icon: ReceiptText, Page: page(() => import('../features/admin-orders/orders-page.tsx'), 'OrdersPage') },
  { path: 'usage', labelKey: 'admin-usage:section', namespace: 'admin-usage', icon: BarChart3, Page: page(() => import('../features/admin-usage/usage-page.tsx'), 'UsagePage') },
  { path: 'models', labelKey: 'admin-models:section', namespace: 'admin-models', icon: SlidersHorizontal, Page: page(() => import('../features/admin-models/models-page.tsx'), 'ModelsPage') },
  { path: 'audit', labelKey: 'admin:sections.audit', icon: ScrollText, Page: page(() => import('../features/admin-audit/audit-page.tsx'), 'AuditPage') },
];
