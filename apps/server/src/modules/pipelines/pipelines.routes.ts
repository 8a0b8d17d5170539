import {
  createdTagSchema,
  groupIntegrationSchema,
  hexColorSchema,
  pipelineListSchema,
  pipelineSchema,
  tagSetListSchema,
  tagSetSchema,
} from '@grouptrack/domain';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { declareTeamList } from '../../platform/http/team-list-routes';
import { teamParams, teamRoutes } from '../../platform/http/team-routes';
import type { App } from '../../platform/http/types';

const tags = ['pipelines'];
const id = z.string().min(1).max(64);
const nameSchema = z.string().trim().min(1, 'Enter a name').max(100, 'A name can be at most 100 characters');

/** Where the item goes: after or before a sibling (by id); leave both out for the end. */
const placement = { after: id.optional(), before: id.optional() };

const stageFields = {
  name: nameSchema,
  /** Hex colour; the font colour is computed to stay readable on it. */
  color: hexColorSchema.optional(),
  description: z.string().trim().max(500).optional(),
  phaseId: id.nullable().optional(),
  /** The stage's id in a synced CRM. */
  remoteId: z.string().trim().max(200).nullable().optional(),
};

const tagFields = {
  name: nameSchema,
  color: hexColorSchema.nullable().optional(),
  value: z.string().trim().max(200).nullable().optional(),
  remoteId: z.string().trim().max(200).nullable().optional(),
};

const pipelineParams = teamParams.extend({ pipelineID: id });
const groupParams = pipelineParams.extend({
  platform: groupIntegrationSchema.shape.platform,
  groupId: groupIntegrationSchema.shape.groupId,
});
const stageParams = teamParams.extend({ stageID: id });
const tagSetParams = teamParams.extend({ tagSetID: id });
const tagParams = teamParams.extend({ tagID: id });

export function registerPipelineRoutes(app: App, { auth, teams, pipelines }: AppContext) {
  const routes = teamRoutes(app, { auth, teams });

  declareTeamList(routes, {
    tags,
    path: '/pipelines',
    itemParam: 'pipelineID',
    itemParams: pipelineParams,
    list: {
      summary: 'Pipelines the member may see, with stages and tag sets, and the global tag sets',
      response: pipelineListSchema,
      handler: ({ member }) => pipelines.listPipelines(member),
    },
    create: {
      summary: 'Create a pipeline with its stages (owner or admin)',
      response: pipelineSchema,
      body: z
        .object({
          nickName: nameSchema,
          /** The stages in order; at least one. */
          stages: z.array(z.object(stageFields).strict()).min(1, 'Add at least one stage').max(50),
          /** The membership questions of the group, up to 10. */
          questions: z.array(z.string().trim().min(1).max(500)).max(10).optional(),
        })
        .strict(),
      handler: async ({ member, body }) => {
        const pipelineId = await pipelines.createPipeline(member, body);
        return pipelines.getPipeline(member, pipelineId);
      },
    },
    get: {
      summary: 'One pipeline with its stages and tag sets',
      response: pipelineSchema,
      handler: ({ member, params }) => pipelines.getPipeline(member, params.pipelineID),
    },
    update: {
      summary: 'Rename, reorder, set the questions of, or make default a pipeline (owner or admin)',
      response: pipelineSchema,
      body: z
        .object({
          nickName: nameSchema.optional(),
          questions: z.array(z.string().trim().min(1).max(500)).max(10).optional(),
          /** true makes it the pipeline `/` opens. */
          isDefault: z.literal(true).optional(),
          ...placement,
        })
        .strict(),
      handler: async ({ member, params, body }) => {
        await pipelines.updatePipeline(member, params.pipelineID, body);
        return pipelines.getPipeline(member, params.pipelineID);
      },
    },
    remove: {
      summary: "Delete a pipeline (restorable for 30 days); its contacts stay in the team's other pipelines",
      handler: ({ member, params }) => pipelines.deletePipeline(member, params.pipelineID),
    },
  });

  routes.post({
    path: '/pipelines/:pipelineID/stages',
    schema: {
      tags,
      summary: 'Add a stage (owner or admin)',
      response: pipelineSchema,
      params: pipelineParams,
      body: z.object({ ...stageFields, ...placement }).strict(),
    },
    status: 201,
    handler: async ({ member, params, body }) => {
      await pipelines.createStage(member, params.pipelineID, body);
      return pipelines.getPipeline(member, params.pipelineID);
    },
  });

  routes.put({
    path: '/pipelines/:pipelineID/groups/:platform/:groupId',
    schema: {
      tags,
      summary:
        "Connect a Facebook group or Skool community to a pipeline, which then receives its member requests, or rename it (owner or admin); a group already on another of the team's pipelines answers 409 naming it",
      response: pipelineSchema,
      params: groupParams,
      body: z.object({ name: groupIntegrationSchema.shape.name }).strict(),
    },
    handler: async ({ member, params, body }) => {
      const { pipelineID, platform, groupId } = params;
      await pipelines.connectGroup(member, pipelineID, { type: 'group', platform, groupId, name: body.name });
      return pipelines.getPipeline(member, pipelineID);
    },
  });

  routes.delete({
    path: '/pipelines/:pipelineID/groups/:platform/:groupId',
    schema: {
      tags,
      summary:
        'Disconnect a group from a pipeline: its member requests no longer come there (owner or admin)',
      params: groupParams,
    },
    status: 204,
    handler: ({ member, params }) =>
      pipelines.disconnectGroup(member, params.pipelineID, {
        platform: params.platform,
        groupId: params.groupId,
      }),
  });

  routes.patch({
    path: '/stages/:stageID',
    schema: {
      tags,
      summary: 'Rename, recolour, describe, assign a phase to or move a stage (owner or admin)',
      params: stageParams,
      body: z
        .object({ ...stageFields, ...placement })
        .partial()
        .strict(),
    },
    status: 204,
    handler: ({ member, params, body }) => pipelines.updateStage(member, params.stageID, body),
  });

  routes.delete({
    path: '/stages/:stageID',
    schema: {
      tags,
      summary: 'Delete a stage, moving its contacts to another stage (owner or admin)',
      params: stageParams,
      /** The stage that receives the contacts; required when the stage holds any. */
      querystring: z.object({ moveTo: id.optional() }),
    },
    status: 204,
    handler: ({ member, params, query }) => pipelines.deleteStage(member, params.stageID, query.moveTo),
  });

  declareTeamList(routes, {
    tags,
    path: '/tag-sets',
    itemParam: 'tagSetID',
    itemParams: tagSetParams,
    list: {
      summary: 'Global tag sets and the tag sets of visible pipelines',
      response: tagSetListSchema,
      handler: ({ member }) => pipelines.listTagSets(member),
    },
    create: {
      summary: 'Create a global tag set, or one of a pipeline (owner or admin)',
      response: tagSetSchema,
      body: z
        .object({
          name: nameSchema,
          /** Defaults to #1C7EBB. */
          color: hexColorSchema.optional(),
          /** Leave out for a global tag set. */
          pipelineId: id.nullable().optional(),
          /** Tags to create in it. */
          tags: z.array(nameSchema).max(200).optional(),
        })
        .strict(),
      handler: async ({ member, body }) => {
        const tagSetId = await pipelines.createTagSet(member, body);
        const { globalTagSets, pipelineTagSets } = await pipelines.listTagSets(member);
        return [...globalTagSets, ...pipelineTagSets].find((set) => set.tagSetUID === tagSetId);
      },
    },
    update: {
      summary: 'Rename or recolour a tag set (owner or admin)',
      body: z.object({ name: nameSchema, color: hexColorSchema }).partial().strict(),
      noContent: true,
      handler: ({ member, params, body }) => pipelines.updateTagSet(member, params.tagSetID, body),
    },
    remove: {
      summary: 'Delete a tag set and take its tags off every contact',
      handler: ({ member, params }) => pipelines.deleteTagSet(member, params.tagSetID),
    },
  });

  routes.post({
    path: '/tag-sets/:tagSetID/tags',
    schema: {
      tags,
      summary: 'Add a tag to a set (owner or admin)',
      params: tagSetParams,
      response: createdTagSchema,
      body: z.object(tagFields).strict(),
    },
    status: 201,
    handler: async ({ member, params, body }) => ({
      tagUID: await pipelines.createTag(member, params.tagSetID, body),
    }),
  });

  routes.patch({
    path: '/tags/:tagID',
    schema: {
      tags,
      summary: 'Rename or recolour a tag (owner or admin)',
      params: tagParams,
      body: z.object(tagFields).partial().strict(),
    },
    status: 204,
    handler: ({ member, params, body }) => pipelines.updateTag(member, params.tagID, body),
  });

  routes.delete({
    path: '/tags/:tagID',
    schema: { tags, summary: 'Delete a tag and take it off every contact', params: tagParams },
    status: 204,
    handler: ({ member, params }) => pipelines.deleteTag(member, params.tagID),
  });
}
