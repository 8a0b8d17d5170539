export { PipelineOrderPage } from './components/pipeline-order-page';
export { PipelineSetupPage } from './components/pipeline-setup-page';
