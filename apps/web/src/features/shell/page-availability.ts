/** Whether a page is built, or still a placeholder that says it is coming. */
export type PageAvailability = 'available' | 'coming';

/**
 * The one list of which pages are built. A 'coming' page is a placeholder: the navigation, the
 * command palette and the Setup menu leave it out, the extension banner stays off it, and its address
 * shows a page saying it is coming. When a page lands, its line here turns to 'available'. Every
 * page of the navigation has a line (nav-items.test.ts checks it); a line covers the pages below it.
 */
export const PAGE_AVAILABILITY: Readonly<Record<string, PageAvailability>> = {
  '/contacts/pipeline': 'available',
  '/contacts/table': 'available',
  '/contacts/deleted': 'available',
  '/dashboard/home': 'available',
  '/dashboard/kpi': 'available',
  '/messages': 'available',
  '/tasks': 'available',
  '/tools/postTracker': 'available',
  '/setup/pipelines': 'available',
  '/setup/pipelines-order': 'available',
  '/setup/tags': 'available',
  '/setup/tags-reconciliation': 'available',
  '/setup/labels': 'available',
  '/setup/tasks': 'available',
  '/setup/messaging': 'available',
  '/setup/queue': 'available',
  '/setup/workflows': 'available',
  '/setup/connections': 'available',
  '/setup/ai': 'available',
  '/setup/extension': 'available',
  '/queue': 'available',
  '/admin': 'available',
};

/**
 * Whether the page at this path is built: the line of the path itself or of the nearest page above
 * it decides. Pages the list does not name (a contact, the profile) are built.
 */
export function isPageAvailable(
  pathname: string,
  availability: Readonly<Record<string, PageAvailability>> = PAGE_AVAILABILITY,
): boolean {
  let path = pathname.replace(/\/+$/, '') || '/';
  while (path !== '') {
    const known = availability[path];
    if (known) return known === 'available';
    path = path.slice(0, path.lastIndexOf('/'));
  }
  return true;
}
