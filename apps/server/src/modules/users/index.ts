// What other modules use of the users module's data: they come here, never to its repository.
export { findUser, findUserByEmail, setSuperPermission } from './users.repository';
