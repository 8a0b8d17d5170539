import { canSeePipeline, canSeePipelineItem, changedFields, createPushId } from '@grouptrack/domain';
import { BadRequestError, NotFoundError } from '../../platform/errors';
import type { Databases } from '../../platform/db/databases';
import type { TeamActor } from '../../platform/http/actor';
import * as pipelineData from '../pipelines';
import type { ContactChanges } from './contact-changes';
import { presentDeal } from './contact-presenter';
import * as repo from './contacts.repository';

export interface DealInput {
  name?: string | undefined;
  value?: number | undefined;
  currency?: string | undefined;
  status?: 'open' | 'won' | 'lost' | undefined;
  pipelineId?: string | null | undefined;
}

/** A contact's deals: what a member may see of them, and each change with its history. */
export function createDeals(deps: { databases: Databases; changes: ContactChanges }) {
  const { databases, changes } = deps;
  const { activity, changeContact, requireContact } = changes;

  return {
    async listDeals(member: TeamActor, contactId: string) {
      const { teamUID } = member;
      const db = databases.forTeam(teamUID);
      await requireContact(db, member, contactId);
      const rows = await repo.listDeals(db, teamUID, contactId);
      return rows.filter((row) => canSeePipelineItem(member, row)).map(presentDeal);
    },

    /** Adds a deal, or changes one (winning or losing it closes it); the history says which. */
    async saveDeal(member: TeamActor, contactId: string, dealId: string | null, input: DealInput) {
      const { teamUID } = member;
      const saved = await changeContact(member, contactId, async (tx) => {
        if (input.pipelineId) {
          // Another team's pipeline, or one the member cannot see, is no pipeline of theirs.
          const pipeline = await pipelineData.findPipeline(tx, teamUID, input.pipelineId);
          if (!pipeline || !canSeePipeline(member, pipeline.id))
            throw new BadRequestError(
              `Invalid pipelineId: ${input.pipelineId} is not a pipeline of this team.`,
            );
        }
        const existing = dealId ? await repo.findDeal(tx, teamUID, contactId, dealId) : null;
        if (dealId && (!existing || (existing.pipelineId && !canSeePipeline(member, existing.pipelineId)))) {
          throw new NotFoundError('Deal not found.');
        }
        const status = input.status ?? existing?.status ?? 'open';
        const closing = status !== 'open' && existing?.status !== status;
        const columns = {
          ...(input.name !== undefined && { name: input.name }),
          ...(input.value !== undefined && { value: input.value.toFixed(2) }),
          ...(input.currency !== undefined && { currency: input.currency }),
          ...(input.pipelineId !== undefined && { pipelineId: input.pipelineId }),
          status,
          closedAt: status === 'open' ? null : closing ? new Date() : (existing?.closedAt ?? new Date()),
        };
        // Saving a deal as it is changes nothing: no write, no history.
        if (existing) {
          const { closedAt: _closedAt, ...asked } = columns;
          if (!changedFields(existing, asked)) return { history: [], result: presentDeal(existing) };
        }
        const deal = existing
          ? await repo.updateDeal(tx, teamUID, existing.id, columns)
          : await repo.insertDeal(tx, {
              teamId: teamUID,
              id: createPushId('deal_'),
              contactId,
              name: input.name ?? 'Deal',
              ...columns,
            });
        const action = !existing ? 'added' : closing ? status : 'updated';
        const data = {
          dealUID: deal.id,
          name: deal.name,
          value: Number(deal.value),
          currency: deal.currency,
          // A deal added already won or lost counts as one on the KPI dashboard.
          status: deal.status,
        };
        return {
          history: [activity(member, contactId, { type: 'deal', action, pipelineId: deal.pipelineId, data })],
          result: presentDeal(deal),
        };
      });
      return saved!;
    },

    async deleteDeal(member: TeamActor, contactId: string, dealId: string) {
      const { teamUID } = member;
      await changeContact(member, contactId, async (tx) => {
        const deal = await repo.findDeal(tx, teamUID, contactId, dealId);
        if (!deal || (deal.pipelineId && !canSeePipeline(member, deal.pipelineId)))
          throw new NotFoundError('Deal not found.');
        await repo.deleteDeal(tx, teamUID, dealId);
        const data = { dealUID: dealId, name: deal.name };
        return {
          history: [
            activity(member, contactId, {
              type: 'deal',
              action: 'deleted',
              pipelineId: deal.pipelineId,
              data,
            }),
          ],
        };
      });
    },
  };
}
