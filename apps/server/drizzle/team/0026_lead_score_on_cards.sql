ALTER TABLE "contact_pipelines" ADD COLUMN "lead_score" smallint;--> statement-breakpoint
ALTER TABLE "deleted_contact_pipelines" ADD COLUMN "lead_score" smallint;--> statement-breakpoint
UPDATE "contact_pipelines" cp SET "lead_score" = r."lead_score"
FROM (
	SELECT DISTINCT ON ("team_id", "pipeline_id", "contact_id") "team_id", "pipeline_id", "contact_id", "lead_score"
	FROM "member_requests"
	ORDER BY "team_id", "pipeline_id", "contact_id", "captured_at" DESC
) r
WHERE cp."team_id" = r."team_id" AND cp."pipeline_id" = r."pipeline_id" AND cp."contact_id" = r."contact_id";--> statement-breakpoint
UPDATE "deleted_contact_pipelines" cp SET "lead_score" = r."lead_score"
FROM (
	SELECT DISTINCT ON ("team_id", "pipeline_id", "contact_id") "team_id", "pipeline_id", "contact_id", "lead_score"
	FROM "member_requests"
	ORDER BY "team_id", "pipeline_id", "contact_id", "captured_at" DESC
) r
WHERE cp."team_id" = r."team_id" AND cp."pipeline_id" = r."pipeline_id" AND cp."contact_id" = r."contact_id";
