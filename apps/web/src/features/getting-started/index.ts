import { lazy } from 'react';

/** The checklist and first-contact actions above a new team's board, loaded apart from the board. */
export const FirstRun = lazy(() => import('./components/first-run'));
export { useRefreshContactCount } from './api/checklist-facts';
export { NoPipelineAccess } from './components/no-pipeline-access';
