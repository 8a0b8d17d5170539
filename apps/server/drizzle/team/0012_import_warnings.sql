CREATE TABLE "import_warnings" (
	"team_id" text NOT NULL,
	"import_id" text NOT NULL,
	"row_number" integer NOT NULL,
	"column_index" integer NOT NULL,
	"header" text NOT NULL,
	"value" text NOT NULL,
	"reason" text NOT NULL,
	CONSTRAINT "import_warnings_team_id_import_id_row_number_column_index_pk" PRIMARY KEY("team_id","import_id","row_number","column_index")
);
--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "warnings" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "finished_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "notice_read_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "imports_finished_idx" ON "imports" USING btree ("team_id","created_by_uid","finished_at");