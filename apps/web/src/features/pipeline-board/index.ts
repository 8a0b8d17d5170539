import { lazy } from 'react';

// The board (drag and drop, virtual lists) loads in its own chunk, fetched as soon as the route's chunk runs,
// in parallel with the pipelines it needs, so the first-load budget of the app shell holds.
const boardModule = import('./components/pipeline-board');

/** The Pipeline View's board, loaded on demand. */
export const PipelineBoard = lazy(() => boardModule.then((module) => ({ default: module.PipelineBoard })));
export type { PipelineBoardProps } from './components/pipeline-board';
export { choosePipeline, readLastPipeline, rememberLastPipeline } from './lib/last-pipeline';
