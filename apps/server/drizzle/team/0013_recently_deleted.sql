-- Recently deleted: contacts and pipelines are kept 30 days after their deletion, grouped by the user
-- action that deleted them; the places of deleted contacts wait in deleted_contact_pipelines.
CREATE TABLE "deleted_contact_pipelines" (
	"team_id" text NOT NULL,
	"contact_id" text NOT NULL,
	"pipeline_id" text NOT NULL,
	"deletion_id" text NOT NULL,
	"stage_id" text NOT NULL,
	"questions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"rank" text NOT NULL,
	"added_at" timestamp with time zone NOT NULL,
	"stage_changed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "deleted_contact_pipelines_team_id_contact_id_pipeline_id_pk" PRIMARY KEY("team_id","contact_id","pipeline_id")
);
--> statement-breakpoint
DROP INDEX "pipelines_name_key";--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "deleted_by" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "deleted_by_name" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "deletion_id" text;--> statement-breakpoint
ALTER TABLE "pipelines" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pipelines" ADD COLUMN "deleted_by" text;--> statement-breakpoint
ALTER TABLE "pipelines" ADD COLUMN "deleted_by_name" text;--> statement-breakpoint
ALTER TABLE "pipelines" ADD COLUMN "deletion_id" text;--> statement-breakpoint
CREATE INDEX "deleted_contact_pipelines_deletion_idx" ON "deleted_contact_pipelines" USING btree ("team_id","deletion_id");--> statement-breakpoint
CREATE INDEX "deleted_contact_pipelines_pipeline_idx" ON "deleted_contact_pipelines" USING btree ("team_id","pipeline_id");--> statement-breakpoint
CREATE INDEX "contacts_deleted_idx" ON "contacts" USING btree ("team_id","deleted_at","deletion_id") WHERE "contacts"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "contacts_deletion_idx" ON "contacts" USING btree ("team_id","deletion_id") WHERE "contacts"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "pipelines_deleted_idx" ON "pipelines" USING btree ("team_id","deleted_at","deletion_id") WHERE "pipelines"."deleted_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "pipelines_name_key" ON "pipelines" USING btree ("team_id",lower("nick_name")) WHERE "pipelines"."deleted_at" is null;