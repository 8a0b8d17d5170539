-- A contact has a status label: set on their page, shown on cards and in the Table, filtered on; the index holds labelled contacts only.
ALTER TABLE "contacts" ADD COLUMN "status_label_id" text;--> statement-breakpoint
CREATE INDEX "contacts_status_label_idx" ON "contacts" USING btree ("team_id","status_label_id") WHERE "contacts"."status_label_id" is not null;