import {
  orphanedTagSchema,
  renamedTagSchema,
  resolvedOrphanedTagSchema,
  startedMergeSchema,
  tagReconciliationSchema,
} from '@grouptrack/domain';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { teamRoutes } from '../../platform/http/team-routes';
import type { App } from '../../platform/http/types';

const tags = ['tag reconciliation'];
const id = z.string().min(1).max(64);

export function registerTagReconciliationRoutes(app: App, { auth, teams, tagReconciliation }: AppContext) {
  const routes = teamRoutes(app, { auth, teams });

  routes.get({
    path: '/tag-reconciliation',
    schema: {
      tags,
      summary:
        'Orphaned tag names with their contact counts, and groups of tags whose names differ only in case or spaces',
      response: tagReconciliationSchema,
    },
    handler: ({ member }) => tagReconciliation.getReconciliation(member),
  });

  routes.post({
    path: '/tag-reconciliation/merge',
    schema: {
      tags,
      summary:
        'Move every contact of the source tags to the target tag, then delete the source tags, as a job (owner or admin); progress arrives as bulk_job events',
      response: startedMergeSchema,
      body: z
        .object({
          sourceTagIds: z.array(id).min(1, 'Choose at least one tag to merge').max(50),
          targetTagId: id,
        })
        .strict(),
    },
    status: 202,
    handler: ({ member, body }) => tagReconciliation.startMerge(member, body),
  });

  routes.post({
    path: '/tag-reconciliation/rename',
    schema: {
      tags,
      summary: 'Rename one tag; a name its set already has is refused (owner or admin)',
      response: renamedTagSchema,
      body: z
        .object({
          tagId: id,
          name: z.string().trim().min(1, 'Enter a name').max(100, 'A name can be at most 100 characters'),
        })
        .strict(),
    },
    handler: ({ member, body }) => tagReconciliation.renameTag(member, body),
  });

  routes.get({
    path: '/orphaned-tags',
    schema: {
      tags,
      summary: 'Tag names that matched no tag, with how many contacts carry each (owner or admin)',
      response: z.array(orphanedTagSchema),
    },
    handler: ({ member }) => tagReconciliation.listOrphanedTags(member),
  });

  routes.post({
    path: '/orphaned-tags/resolve',
    schema: {
      tags,
      summary: 'Give the contacts of an orphaned tag name a real tag, or dismiss it (tagId null)',
      response: resolvedOrphanedTagSchema,
      body: z.object({ key: z.string().trim().min(1).max(200), tagId: id.nullable() }).strict(),
    },
    handler: ({ member, body }) => tagReconciliation.resolveOrphanedTag(member, body.key, body.tagId),
  });
}
