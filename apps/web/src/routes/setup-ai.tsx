import { AiSetupPage } from '../features/ai-setup';
import { usePageTitle } from '../lib/page-title';

/** /setup/ai: what the AI writing assistant knows about the team, my writing style, and the month's usage. */
export function AiSetupRoute() {
  usePageTitle('AI Setup');
  return <AiSetupPage />;
}
