import { PAGE_TITLE_PREFIX } from '@grouptrack/domain';
import { useDocumentTitle } from '@mantine/hooks';

/** Sets the document title to 'GroupTrack 2.0 | ' followed by the view name (SPEC §2). */
export function usePageTitle(viewName: string): void {
  useDocumentTitle(`${PAGE_TITLE_PREFIX}${viewName}`);
}
