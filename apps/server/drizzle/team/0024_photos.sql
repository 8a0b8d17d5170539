CREATE TABLE "photo_sources" (
	"team_id" text NOT NULL,
	"contact_id" text NOT NULL,
	"source_hash" text NOT NULL,
	"photo_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "photo_sources_team_id_contact_id_source_hash_pk" PRIMARY KEY("team_id","contact_id","source_hash")
);
--> statement-breakpoint
CREATE TABLE "photos" (
	"team_id" text NOT NULL,
	"id" text NOT NULL,
	"sha256" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "photos_team_id_id_pk" PRIMARY KEY("team_id","id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "photos_sha256_key" ON "photos" USING btree ("team_id","sha256");