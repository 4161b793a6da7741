CREATE TABLE "affiliate_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"link_id" uuid NOT NULL,
	"device_id" text NOT NULL,
	"event" text NOT NULL,
	"platform" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "affiliate_reports_event" CHECK ("affiliate_reports"."event" in ('open', 'install'))
);
--> statement-breakpoint
ALTER TABLE "affiliate_reports" ADD CONSTRAINT "affiliate_reports_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_reports" ADD CONSTRAINT "affiliate_reports_link_id_config_items_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."config_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_reports_once" ON "affiliate_reports" USING btree ("link_id","event","device_id");