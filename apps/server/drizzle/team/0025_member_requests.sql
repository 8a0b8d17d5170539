CREATE TABLE "member_request_pauses" (
	"team_id" text NOT NULL,
	"platform" text NOT NULL,
	"group_id" text NOT NULL,
	"paused_until" timestamp with time zone NOT NULL,
	CONSTRAINT "member_request_pauses_team_id_platform_group_id_pk" PRIMARY KEY("team_id","platform","group_id")
);
--> statement-breakpoint
CREATE TABLE "member_requests" (
	"team_id" text NOT NULL,
	"platform" text NOT NULL,
	"group_id" text NOT NULL,
	"contact_id" text NOT NULL,
	"id" text NOT NULL,
	"pipeline_id" text NOT NULL,
	"name" text NOT NULL,
	"profile_id" text,
	"username" text,
	"photo_url" text,
	"answers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"agreed_to_rules" boolean,
	"requested_at" timestamp with time zone,
	"email_address" text,
	"phone_number" text,
	"captured_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lead_score" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"rule_id" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"feedback" text,
	"done_at" timestamp with time zone,
	CONSTRAINT "member_requests_team_id_platform_group_id_contact_id_pk" PRIMARY KEY("team_id","platform","group_id","contact_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "member_requests_id_key" ON "member_requests" USING btree ("team_id","id");--> statement-breakpoint
CREATE INDEX "member_requests_review_idx" ON "member_requests" USING btree ("team_id","pipeline_id","status","captured_at");--> statement-breakpoint
CREATE INDEX "member_requests_work_idx" ON "member_requests" USING btree ("team_id","platform","group_id","status","decided_at");