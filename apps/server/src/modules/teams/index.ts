// What other modules use of the teams module's data: they come here, never to its repository.
export { listMembershipsOfUser } from './teams.repository';
