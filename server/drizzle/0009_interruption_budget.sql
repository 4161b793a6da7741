CREATE TABLE "interruption_budgets" (
	"project_id" uuid PRIMARY KEY NOT NULL,
	"per_session" integer,
	"per_day" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "interruption_budgets_per_session" CHECK ("interruption_budgets"."per_session" is null or "interruption_budgets"."per_session" between 1 and 20),
	CONSTRAINT "interruption_budgets_per_day" CHECK ("interruption_budgets"."per_day" is null or "interruption_budgets"."per_day" between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "popup_feedback" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"popup_id" uuid NOT NULL,
	"app_id" uuid,
	"revision" integer NOT NULL,
	"user_id" text NOT NULL,
	"rating" integer,
	"choice" integer,
	"choice_text" text,
	"text" text,
	"platform" text NOT NULL,
	"app_version" text,
	"language" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "popup_feedback_rating" CHECK ("popup_feedback"."rating" is null or "popup_feedback"."rating" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "interruption_budgets" ADD CONSTRAINT "interruption_budgets_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interruption_budgets" ADD CONSTRAINT "interruption_budgets_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "popup_feedback" ADD CONSTRAINT "popup_feedback_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "popup_feedback" ADD CONSTRAINT "popup_feedback_popup_id_config_items_id_fk" FOREIGN KEY ("popup_id") REFERENCES "public"."config_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "popup_feedback" ADD CONSTRAINT "popup_feedback_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "popup_feedback_popup_idx" ON "popup_feedback" USING btree ("popup_id","created_at","id");