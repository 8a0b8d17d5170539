export { QueueProcessorPage } from './components/queue-processor-page';
