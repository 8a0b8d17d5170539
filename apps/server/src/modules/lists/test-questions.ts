import { createPushId, extractContactDetails } from '@grouptrack/domain';
import type { Databases } from '../../platform/db/databases';
import { deleteTeamRow } from '../../platform/db/team-rows';
import { teamQuestions, testQuestions } from '../../platform/db/team-schema';
import type { TeamActor } from '../../platform/http/actor';
import { requirePermission } from '../../platform/http/permission';
import { appendChange } from '../../platform/realtime';
import * as repo from './lists.repository';

/** Sample membership answers a manager tries the team's questions on. */
export function createTestQuestions(deps: { databases: Databases }) {
  const { databases } = deps;

  return {
    /** Sample answers, each with what capturing would read out of it under the team's questions. */
    async listTestQuestions(member: TeamActor) {
      const { teamUID } = member;
      const db = databases.forTeam(teamUID);
      const [samples, marked] = await Promise.all([
        repo.listTestQuestions(db, teamUID),
        repo.listRanked(db, teamQuestions, teamUID),
      ]);
      return samples.map((row) => ({
        testQuestionUID: row.id,
        question: row.question,
        answer: row.answer,
        captured: extractContactDetails([{ question: row.question, answer: row.answer }], marked),
      }));
    },

    async addTestQuestion(member: TeamActor, input: { question: string; answer: string }) {
      const { teamUID } = requirePermission(member, 'manage-setup', 'lists');
      const id = createPushId('tq_');
      await databases.forTeam(teamUID).transaction(async (tx) => {
        await repo.insertTestQuestion(tx, { teamId: teamUID, id, ...input });
        await appendChange(tx, teamUID, { entity: 'test_question', op: 'create', ids: [id] });
      });
      return id;
    },

    async removeTestQuestion(member: TeamActor, itemId: string) {
      const { teamUID } = requirePermission(member, 'manage-setup', 'lists');
      await deleteTeamRow(databases, teamUID, testQuestions, itemId, {
        entity: 'test_question',
        notFound: 'Test question not found.',
      });
    },
  };
}
