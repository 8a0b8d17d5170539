export { ConnectionCheck } from './components/connection-check';
