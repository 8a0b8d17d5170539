import { z } from 'zod';
import type { AppContext } from '../../context';
import { requireActor } from '../../platform/http/actor';
import type { App } from '../../platform/http/types';

const tags = ['tag reconciliation'];
const id = z.string().min(1).max(64);
const teamParams = z.object({ teamUID: id });

export function registerTagReconciliationRoutes(app: App, { auth, tagReconciliation }: AppContext) {
  app.get(
    '/api/v1/teams/:teamUID/tag-reconciliation',
    {
      schema: {
        tags,
        summary:
          'Orphaned tag names with their contact counts, and groups of tags whose names differ only in case or spaces',
        params: teamParams,
      },
    },
    async (request) => {
      const actor = await requireActor(auth, request);
      return { data: await tagReconciliation.getReconciliation(actor, request.params.teamUID) };
    },
  );

  app.post(
    '/api/v1/teams/:teamUID/tag-reconciliation/merge',
    {
      schema: {
        tags,
        summary:
          'Move every contact of the source tags to the target tag, then delete the source tags, as a job (owner or admin); progress arrives as bulk_job events',
        params: teamParams,
        body: z
          .object({
            sourceTagIds: z.array(id).min(1, 'Choose at least one tag to merge').max(50),
            targetTagId: id,
          })
          .strict(),
      },
    },
    async (request, reply) => {
      const actor = await requireActor(auth, request);
      return reply
        .status(202)
        .send({ data: await tagReconciliation.startMerge(actor, request.params.teamUID, request.body) });
    },
  );

  app.post(
    '/api/v1/teams/:teamUID/tag-reconciliation/rename',
    {
      schema: {
        tags,
        summary: 'Rename one tag; a name its set already has is refused (owner or admin)',
        params: teamParams,
        body: z
          .object({
            tagId: id,
            name: z.string().trim().min(1, 'Enter a name').max(100, 'A name can be at most 100 characters'),
          })
          .strict(),
      },
    },
    async (request) => {
      const actor = await requireActor(auth, request);
      return { data: await tagReconciliation.renameTag(actor, request.params.teamUID, request.body) };
    },
  );
}
