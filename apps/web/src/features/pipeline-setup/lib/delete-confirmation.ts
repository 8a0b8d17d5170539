import { formatCount } from '../../../lib/format';

/**
 * What the delete-pipeline dialog says and whether it may delete: a pipeline holding contacts says
 * how many and needs its name typed (spaces around it and letter case forgiven); an empty one, or
 * one whose count could not be read, just asks.
 */
export function deleteConfirmation(
  pipelineName: string,
  contactCount: number | null,
  typed: string,
): { message: string; asksForName: boolean; canDelete: boolean } {
  const restorable = 'You can restore it from Recently deleted for 30 days.';
  if (contactCount === null || contactCount === 0) {
    return {
      message: `Its stages, tag sets and questions go with it. ${restorable}`,
      asksForName: false,
      canDelete: true,
    };
  }
  const people = formatCount(contactCount, 'contact');
  return {
    message: `${pipelineName} holds ${people}. They leave its board and stay in the team's other pipelines. ${restorable}`,
    asksForName: true,
    canDelete: typed.trim().toLowerCase() === pipelineName.trim().toLowerCase(),
  };
}
