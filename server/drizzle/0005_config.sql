CREATE TABLE "config_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone,
	"kind" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"unique_key" text,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"draft" jsonb NOT NULL,
	"draft_hash" text NOT NULL,
	"problems" jsonb NOT NULL,
	"latest_revision" integer DEFAULT 0 NOT NULL,
	"latest_hash" text,
	"preview_revision" integer,
	"official_revision" integer,
	"approved_version" integer,
	"approved_by" uuid,
	"approved_by_name" text,
	"approved_at" timestamp with time zone,
	"search" "tsvector" GENERATED ALWAYS AS (array_to_tsvector(array_remove(regexp_split_to_array(regexp_replace(regexp_replace(translate(coalesce("name", ''), 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz'), '[^a-z0-9\u0080-\uffff]+', ' ', 'g'), '([\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af])', ' \1 ', 'g'), ' +'), ''))) STORED,
	CONSTRAINT "config_items_revisions" CHECK ("config_items"."preview_revision" <= "config_items"."latest_revision" and "config_items"."official_revision" <= "config_items"."latest_revision")
);
--> statement-breakpoint
CREATE TABLE "config_policies" (
	"project_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"requires_approval" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "config_policies_pkey" PRIMARY KEY("project_id","kind")
);
--> statement-breakpoint
CREATE TABLE "config_revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"number" integer NOT NULL,
	"document" jsonb NOT NULL,
	"hash" text NOT NULL,
	"note" text,
	"restored_from" integer,
	"published_by" uuid,
	"published_by_name" text NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"approved_by" uuid,
	"approved_by_name" text,
	"approved_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "config_items" ADD CONSTRAINT "config_items_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "config_items" ADD CONSTRAINT "config_items_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "config_items" ADD CONSTRAINT "config_items_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "config_items" ADD CONSTRAINT "config_items_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "config_policies" ADD CONSTRAINT "config_policies_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "config_policies" ADD CONSTRAINT "config_policies_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "config_revisions" ADD CONSTRAINT "config_revisions_item_id_config_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."config_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "config_revisions" ADD CONSTRAINT "config_revisions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "config_revisions" ADD CONSTRAINT "config_revisions_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "config_revisions" ADD CONSTRAINT "config_revisions_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "config_items_search_idx" ON "config_items" USING gin ("search");--> statement-breakpoint
CREATE UNIQUE INDEX "config_items_unique_key" ON "config_items" USING btree ("project_id","kind","unique_key") WHERE "config_items"."deleted_at" is null and "config_items"."unique_key" is not null;--> statement-breakpoint
CREATE INDEX "config_items_order_idx" ON "config_items" USING btree ("project_id","kind","sort_order","id") WHERE "config_items"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "config_items_created_idx" ON "config_items" USING btree ("project_id","kind","created_at","id") WHERE "config_items"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "config_items_updated_idx" ON "config_items" USING btree ("project_id","kind","updated_at","id") WHERE "config_items"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "config_items_trash_idx" ON "config_items" USING btree ("project_id","kind","deleted_at") WHERE "config_items"."deleted_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "config_revisions_item_number_key" ON "config_revisions" USING btree ("item_id","number");--> statement-breakpoint
CREATE INDEX "config_revisions_project_kind_idx" ON "config_revisions" USING btree ("project_id","kind","published_at");