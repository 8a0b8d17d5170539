-- A stage implies its pipeline and its team, and a tag its team: without these the planner multiplies
-- their selectivities, expects a few rows where a stage holds thousands, and walks every card of it.
CREATE STATISTICS IF NOT EXISTS "contact_pipelines_stage_stats" (ndistinct, dependencies) ON "team_id", "pipeline_id", "stage_id" FROM "contact_pipelines";--> statement-breakpoint
CREATE STATISTICS IF NOT EXISTS "contact_tags_tag_stats" (ndistinct, dependencies) ON "team_id", "tag_id" FROM "contact_tags";
