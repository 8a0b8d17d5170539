-- The team's chosen KPIs with their targets, shown on the KPI dashboard.
CREATE TABLE "team_kpis" (
	"team_id" text NOT NULL,
	"id" text NOT NULL,
	"metric" text NOT NULL,
	"stage_id" text,
	"currency" text,
	"period" text NOT NULL,
	"target" numeric(18, 2) NOT NULL,
	"member_uid" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_kpis_team_id_id_pk" PRIMARY KEY("team_id","id")
);
