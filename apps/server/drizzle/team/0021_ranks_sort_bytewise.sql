-- Ranks are base-62 strings ordered by their bytes (packages/domain/src/rank.ts): on a database whose
-- default collation is a language's (en_US sorts "a" before "B"), cards, stages and pipelines would come out
-- of the order users gave them. The C collation orders ranks as the code that makes them does; the indexes
-- on rank are rebuilt with it.
ALTER TABLE "pipelines" ALTER COLUMN "rank" SET DATA TYPE text COLLATE "C";
--> statement-breakpoint
ALTER TABLE "phases" ALTER COLUMN "rank" SET DATA TYPE text COLLATE "C";
--> statement-breakpoint
ALTER TABLE "stages" ALTER COLUMN "rank" SET DATA TYPE text COLLATE "C";
--> statement-breakpoint
ALTER TABLE "tag_sets" ALTER COLUMN "rank" SET DATA TYPE text COLLATE "C";
--> statement-breakpoint
ALTER TABLE "contact_pipelines" ALTER COLUMN "rank" SET DATA TYPE text COLLATE "C";
--> statement-breakpoint
ALTER TABLE "deleted_contact_pipelines" ALTER COLUMN "rank" SET DATA TYPE text COLLATE "C";
--> statement-breakpoint
ALTER TABLE "status_labels" ALTER COLUMN "rank" SET DATA TYPE text COLLATE "C";
--> statement-breakpoint
ALTER TABLE "team_questions" ALTER COLUMN "rank" SET DATA TYPE text COLLATE "C";
