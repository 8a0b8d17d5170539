import { ExtensionSidebar } from '../features/extension-sidebar';
import { usePageTitle } from '../lib/page-title';

/** /bex/sidebar: the extension's sidebar next to a social platform. */
export function BexSidebarRoute() {
  usePageTitle('Extension Sidebar');
  return <ExtensionSidebar />;
}
