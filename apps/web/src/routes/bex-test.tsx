import { ConnectionCheck } from '../features/extension-test';
import { usePageTitle } from '../lib/page-title';

/** /bex/test: the extension's connection checks, shown in its options page. */
export function BexTestRoute() {
  usePageTitle('Extension Test');
  return <ConnectionCheck />;
}
