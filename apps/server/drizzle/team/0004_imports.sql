CREATE TABLE "import_chunks" (
	"team_id" text NOT NULL,
	"import_id" text NOT NULL,
	"seq" integer NOT NULL,
	"data" text NOT NULL,
	CONSTRAINT "import_chunks_team_id_import_id_seq_pk" PRIMARY KEY("team_id","import_id","seq")
);
--> statement-breakpoint
CREATE TABLE "import_refusals" (
	"team_id" text NOT NULL,
	"import_id" text NOT NULL,
	"row_number" integer NOT NULL,
	"reason" text NOT NULL,
	"values" jsonb NOT NULL,
	CONSTRAINT "import_refusals_team_id_import_id_row_number_pk" PRIMARY KEY("team_id","import_id","row_number")
);
--> statement-breakpoint
CREATE TABLE "imports" (
	"team_id" text NOT NULL,
	"id" text NOT NULL,
	"file_name" text NOT NULL,
	"status" text DEFAULT 'uploaded' NOT NULL,
	"headers" jsonb NOT NULL,
	"preview" jsonb NOT NULL,
	"total_rows" integer NOT NULL,
	"mapping" jsonb,
	"options" jsonb,
	"processed" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"refused" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_by_uid" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "imports_team_id_id_pk" PRIMARY KEY("team_id","id")
);
