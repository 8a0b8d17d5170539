export { ConnectionsPage } from './components/connections-page';
export { ContactConnections } from './components/contact-connections';
export { useConnections } from './api/connections';
