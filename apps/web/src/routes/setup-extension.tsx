import { ExtensionInstallPage } from '../features/extension-install';
import { usePageTitle } from '../lib/page-title';

/** /setup/extension: installing the browser extension this server offers, and its status here. */
export function ExtensionSetupRoute() {
  usePageTitle('Browser Extension');
  return <ExtensionInstallPage />;
}
