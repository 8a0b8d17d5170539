-- The board index ends with the contact, so a board's counts and the stages of its open deals are read
-- from the index alone (a deal's stage is its contact's place), and the deals are hashed against it
-- instead of looked up one by one.
DROP INDEX "contact_pipelines_board_idx";--> statement-breakpoint
CREATE INDEX "contact_pipelines_board_idx" ON "contact_pipelines" USING btree ("team_id","pipeline_id","stage_id","rank","contact_id");--> statement-breakpoint
-- A pipeline implies its team: without this the planner expects a few open deals in a pipeline that
-- has thousands, and picks the look-up per deal.
CREATE STATISTICS IF NOT EXISTS "deals_pipeline_stats" (ndistinct, dependencies, mcv) ON "team_id", "pipeline_id", "status" FROM "deals";
