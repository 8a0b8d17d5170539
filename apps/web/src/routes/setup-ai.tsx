import { EmptyState } from '../components/empty-state';
import { usePageTitle } from '../lib/page-title';

/** /setup/ai: what the AI writing assistant knows about the team. */
export function AiSetupRoute() {
  usePageTitle('AI Setup');
  return (
    <EmptyState
      title="AI setup"
      icon="setup"
      description="What the writing assistant knows about your business will appear here: your offer, your tone of voice and examples of your best messages."
    />
  );
}
