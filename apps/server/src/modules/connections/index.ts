// What other modules use of connections: queueing a delivery of a person in their own transaction.
export { queueDeliveries } from './sync.repository';
