import { hexColorSchema } from '@grouptrack/domain';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { requireActor } from '../../platform/http/actor';
import type { App } from '../../platform/http/types';

const tags = ['pipelines'];
const id = z.string().min(1).max(64);
const teamParams = z.object({ teamUID: id });
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

export function registerPipelineRoutes(app: App, { auth, pipelines }: AppContext) {
  app.get(
    '/api/v1/teams/:teamUID/pipelines',
    {
      schema: {
        tags,
        summary: 'Pipelines the member may see, with stages and tag sets, and the global tag sets',
        params: teamParams,
      },
    },
    async (request) => {
      const actor = await requireActor(auth, request);
      return { data: await pipelines.listPipelines(actor, request.params.teamUID) };
    },
  );

  app.post(
    '/api/v1/teams/:teamUID/pipelines',
    {
      schema: {
        tags,
        summary: 'Create a pipeline with its stages (owner or admin)',
        params: teamParams,
        body: z
          .object({
            nickName: nameSchema,
            /** The stages in order; at least one. */
            stages: z.array(z.object(stageFields).strict()).min(1, 'Add at least one stage').max(50),
            /** The membership questions of the group, up to 10. */
            questions: z.array(z.string().trim().min(1).max(500)).max(10).optional(),
          })
          .strict(),
      },
    },
    async (request, reply) => {
      const actor = await requireActor(auth, request);
      const pipelineId = await pipelines.createPipeline(actor, request.params.teamUID, request.body);
      return reply
        .status(201)
        .send({ data: await pipelines.getPipeline(actor, request.params.teamUID, pipelineId) });
    },
  );

  const pipelineParams = teamParams.extend({ pipelineID: id });

  app.get(
    '/api/v1/teams/:teamUID/pipelines/:pipelineID',
    { schema: { tags, summary: 'One pipeline with its stages and tag sets', params: pipelineParams } },
    async (request) => {
      const actor = await requireActor(auth, request);
      return { data: await pipelines.getPipeline(actor, request.params.teamUID, request.params.pipelineID) };
    },
  );

  app.patch(
    '/api/v1/teams/:teamUID/pipelines/:pipelineID',
    {
      schema: {
        tags,
        summary: 'Rename, reorder, set the questions of, or make default a pipeline (owner or admin)',
        params: pipelineParams,
        body: z
          .object({
            nickName: nameSchema.optional(),
            questions: z.array(z.string().trim().min(1).max(500)).max(10).optional(),
            /** true makes it the pipeline `/` opens. */
            isDefault: z.literal(true).optional(),
            ...placement,
          })
          .strict(),
      },
    },
    async (request) => {
      const actor = await requireActor(auth, request);
      const { teamUID, pipelineID } = request.params;
      await pipelines.updatePipeline(actor, teamUID, pipelineID, request.body);
      return { data: await pipelines.getPipeline(actor, teamUID, pipelineID) };
    },
  );

  app.delete(
    '/api/v1/teams/:teamUID/pipelines/:pipelineID',
    {
      schema: {
        tags,
        summary: "Delete a pipeline; its contacts stay in the team's other pipelines",
        params: pipelineParams,
      },
    },
    async (request, reply) => {
      const actor = await requireActor(auth, request);
      await pipelines.deletePipeline(actor, request.params.teamUID, request.params.pipelineID);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/v1/teams/:teamUID/pipelines/:pipelineID/stages',
    {
      schema: {
        tags,
        summary: 'Add a stage (owner or admin)',
        params: pipelineParams,
        body: z.object({ ...stageFields, ...placement }).strict(),
      },
    },
    async (request, reply) => {
      const actor = await requireActor(auth, request);
      const { teamUID, pipelineID } = request.params;
      await pipelines.createStage(actor, teamUID, pipelineID, request.body);
      return reply.status(201).send({ data: await pipelines.getPipeline(actor, teamUID, pipelineID) });
    },
  );

  const stageParams = teamParams.extend({ stageID: id });

  app.patch(
    '/api/v1/teams/:teamUID/stages/:stageID',
    {
      schema: {
        tags,
        summary: 'Rename, recolour, describe, assign a phase to or move a stage (owner or admin)',
        params: stageParams,
        body: z
          .object({ ...stageFields, ...placement })
          .partial()
          .strict(),
      },
    },
    async (request, reply) => {
      const actor = await requireActor(auth, request);
      await pipelines.updateStage(actor, request.params.teamUID, request.params.stageID, request.body);
      return reply.status(204).send();
    },
  );

  app.delete(
    '/api/v1/teams/:teamUID/stages/:stageID',
    {
      schema: {
        tags,
        summary: 'Delete a stage, moving its contacts to another stage (owner or admin)',
        params: stageParams,
        /** The stage that receives the contacts; required when the stage holds any. */
        querystring: z.object({ moveTo: id.optional() }),
      },
    },
    async (request, reply) => {
      const actor = await requireActor(auth, request);
      await pipelines.deleteStage(
        actor,
        request.params.teamUID,
        request.params.stageID,
        request.query.moveTo,
      );
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/v1/teams/:teamUID/tag-sets',
    {
      schema: { tags, summary: 'Global tag sets and the tag sets of visible pipelines', params: teamParams },
    },
    async (request) => {
      const actor = await requireActor(auth, request);
      return { data: await pipelines.listTagSets(actor, request.params.teamUID) };
    },
  );

  app.post(
    '/api/v1/teams/:teamUID/tag-sets',
    {
      schema: {
        tags,
        summary: 'Create a global tag set, or one of a pipeline (owner or admin)',
        params: teamParams,
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
      },
    },
    async (request, reply) => {
      const actor = await requireActor(auth, request);
      const tagSetId = await pipelines.createTagSet(actor, request.params.teamUID, request.body);
      const { globalTagSets, pipelineTagSets } = await pipelines.listTagSets(actor, request.params.teamUID);
      return reply
        .status(201)
        .send({ data: [...globalTagSets, ...pipelineTagSets].find((set) => set.tagSetUID === tagSetId) });
    },
  );

  const tagSetParams = teamParams.extend({ tagSetID: id });

  app.patch(
    '/api/v1/teams/:teamUID/tag-sets/:tagSetID',
    {
      schema: {
        tags,
        summary: 'Rename or recolour a tag set (owner or admin)',
        params: tagSetParams,
        body: z.object({ name: nameSchema, color: hexColorSchema }).partial().strict(),
      },
    },
    async (request, reply) => {
      const actor = await requireActor(auth, request);
      await pipelines.updateTagSet(actor, request.params.teamUID, request.params.tagSetID, request.body);
      return reply.status(204).send();
    },
  );

  app.delete(
    '/api/v1/teams/:teamUID/tag-sets/:tagSetID',
    {
      schema: { tags, summary: 'Delete a tag set and take its tags off every contact', params: tagSetParams },
    },
    async (request, reply) => {
      const actor = await requireActor(auth, request);
      await pipelines.deleteTagSet(actor, request.params.teamUID, request.params.tagSetID);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/v1/teams/:teamUID/tag-sets/:tagSetID/tags',
    {
      schema: {
        tags,
        summary: 'Add a tag to a set (owner or admin)',
        params: tagSetParams,
        body: z.object(tagFields).strict(),
      },
    },
    async (request, reply) => {
      const actor = await requireActor(auth, request);
      const tagId = await pipelines.createTag(
        actor,
        request.params.teamUID,
        request.params.tagSetID,
        request.body,
      );
      return reply.status(201).send({ data: { tagUID: tagId } });
    },
  );

  const tagParams = teamParams.extend({ tagID: id });

  app.patch(
    '/api/v1/teams/:teamUID/tags/:tagID',
    {
      schema: {
        tags,
        summary: 'Rename or recolour a tag (owner or admin)',
        params: tagParams,
        body: z.object(tagFields).partial().strict(),
      },
    },
    async (request, reply) => {
      const actor = await requireActor(auth, request);
      await pipelines.updateTag(actor, request.params.teamUID, request.params.tagID, request.body);
      return reply.status(204).send();
    },
  );

  app.delete(
    '/api/v1/teams/:teamUID/tags/:tagID',
    { schema: { tags, summary: 'Delete a tag and take it off every contact', params: tagParams } },
    async (request, reply) => {
      const actor = await requireActor(auth, request);
      await pipelines.deleteTag(actor, request.params.teamUID, request.params.tagID);
      return reply.status(204).send();
    },
  );
}
