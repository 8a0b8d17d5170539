import type { IconName } from '../../components/icons';
import { isPageAvailable } from './page-availability';

/** One page in the navigation. */
export interface NavItem {
  label: string;
  to: string;
}

/** One area of the app in the navigation: a page, or a group of pages. */
export interface NavArea {
  label: string;
  icon: IconName;
  /** The page of a single-page area. */
  to?: string;
  /** The pages of a group. */
  items?: readonly NavItem[];
  /** Only users with the super permission see it. */
  isSuperOnly?: boolean;
}

/**
 * Every area of the app, in the order the navigation lists them, built or not: which of them are
 * offered is said once, in page-availability.ts.
 */
export const NAV_AREAS: readonly NavArea[] = [
  {
    label: 'Contacts',
    icon: 'contacts',
    items: [
      { label: 'Pipeline', to: '/contacts/pipeline' },
      { label: 'Table', to: '/contacts/table' },
      { label: 'Recently deleted', to: '/contacts/deleted' },
    ],
  },
  {
    label: 'Dashboards',
    icon: 'dashboard',
    items: [
      { label: 'Home', to: '/dashboard/home' },
      { label: 'KPI', to: '/dashboard/kpi' },
    ],
  },
  { label: 'Conversations', icon: 'conversations', to: '/messages' },
  { label: 'Tasks', icon: 'tasks', to: '/tasks' },
  { label: 'Auto Responder', icon: 'autoResponder', to: '/tools/postTracker' },
  {
    label: 'Setup',
    icon: 'setup',
    items: [
      { label: 'Pipelines', to: '/setup/pipelines' },
      { label: 'Pipeline order', to: '/setup/pipelines-order' },
      { label: 'Tags', to: '/setup/tags' },
      { label: 'Tag reconciliation', to: '/setup/tags-reconciliation' },
      { label: 'Status labels', to: '/setup/labels' },
      { label: 'Task templates', to: '/setup/tasks' },
      { label: 'Message templates', to: '/setup/messaging' },
      { label: 'Message queue', to: '/setup/queue' },
      { label: 'Workflows', to: '/setup/workflows' },
      { label: 'Connections', to: '/setup/connections' },
      { label: 'AI', to: '/setup/ai' },
    ],
  },
  { label: 'Admin', icon: 'admin', to: '/admin', isSuperOnly: true },
];

/** Checks whether the page at `to` is the current one: the same path or a page below it. */
export function isNavItemActive(pathname: string, to: string): boolean {
  return pathname === to || pathname.startsWith(`${to}/`);
}

/**
 * The areas a user is offered: built pages only (a group none of whose pages is built goes), Admin
 * only with the super permission.
 */
export function selectNavAreas(
  isSuper: boolean,
  areas: readonly NavArea[] = NAV_AREAS,
  isAvailable: (to: string) => boolean = isPageAvailable,
): NavArea[] {
  return areas
    .filter((area) => isSuper || !area.isSuperOnly)
    .map((area) =>
      area.items ? { ...area, items: area.items.filter((item) => isAvailable(item.to)) } : area,
    )
    .filter((area) => (area.items ? area.items.length > 0 : area.to === undefined || isAvailable(area.to)));
}
