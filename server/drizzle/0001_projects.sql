CREATE TABLE "app_secrets" (
	"app_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"ciphertext" text NOT NULL,
	"summary" jsonb NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "app_secrets_pkey" PRIMARY KEY("app_id","kind")
);
--> statement-breakpoint
CREATE TABLE "apps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone,
	"platform" text NOT NULL,
	"name" text NOT NULL,
	"package_name" text NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (array_to_tsvector(array_remove(regexp_split_to_array(regexp_replace(regexp_replace(translate(coalesce("name", '') || ' ' || coalesce("package_name", ''), 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz'), '[^a-z0-9\u0080-\uffff]+', ' ', 'g'), '([\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af])', ' \1 ', 'g'), ' +'), ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor_id" uuid,
	"actor_name" text NOT NULL,
	"project_id" uuid,
	"entity" text NOT NULL,
	"entity_id" text NOT NULL,
	"action" text NOT NULL,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
CREATE TABLE "entitlement_skus" (
	"entitlement_id" uuid NOT NULL,
	"sku_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "entitlement_skus_pkey" PRIMARY KEY("entitlement_id","sku_id")
);
--> statement-breakpoint
CREATE TABLE "entitlements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone,
	"identifier" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (array_to_tsvector(array_remove(regexp_split_to_array(regexp_replace(regexp_replace(translate(coalesce("identifier", '') || ' ' || coalesce("name", ''), 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz'), '[^a-z0-9\u0080-\uffff]+', ' ', 'g'), '([\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af])', ' \1 ', 'g'), ' +'), ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"code_hash" text NOT NULL,
	"status" text NOT NULL,
	"invited_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" uuid
);
--> statement-breakpoint
CREATE TABLE "offering_skus" (
	"offering_id" uuid NOT NULL,
	"sku_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "offering_skus_pkey" PRIMARY KEY("offering_id","sku_id")
);
--> statement-breakpoint
CREATE TABLE "offerings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"identifier" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (array_to_tsvector(array_remove(regexp_split_to_array(regexp_replace(regexp_replace(translate(coalesce("identifier", '') || ' ' || coalesce("name", ''), 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz'), '[^a-z0-9\u0080-\uffff]+', ' ', 'g'), '([\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af])', ' \1 ', 'g'), ' +'), ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "project_members" (
	"project_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "project_members_pkey" PRIMARY KEY("project_id","user_id"),
	CONSTRAINT "project_members_role_known" CHECK ("project_members"."role" in ('owner', 'admin', 'editor', 'viewer'))
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"icon_url" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "role_users" (
	"role_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "role_users_pkey" PRIMARY KEY("role_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"menus" jsonb NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (array_to_tsvector(array_remove(regexp_split_to_array(regexp_replace(regexp_replace(translate(coalesce("name", '') || ' ' || coalesce("description", ''), 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz'), '[^a-z0-9\u0080-\uffff]+', ' ', 'g'), '([\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af])', ' \1 ', 'g'), ' +'), ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "skus" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"app_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"store_product_id" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"period" text NOT NULL,
	"price" numeric(12, 2),
	"currency" text,
	"search" "tsvector" GENERATED ALWAYS AS (array_to_tsvector(array_remove(regexp_split_to_array(regexp_replace(regexp_replace(translate(coalesce("store_product_id", '') || ' ' || coalesce("name", ''), 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz'), '[^a-z0-9\u0080-\uffff]+', ' ', 'g'), '([\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af])', ' \1 ', 'g'), ' +'), ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "team_apps" (
	"team_id" uuid NOT NULL,
	"app_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "team_apps_pkey" PRIMARY KEY("team_id","app_id")
);
--> statement-breakpoint
CREATE TABLE "team_members" (
	"team_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "team_members_pkey" PRIMARY KEY("team_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (array_to_tsvector(array_remove(regexp_split_to_array(regexp_replace(regexp_replace(translate(coalesce("name", '') || ' ' || coalesce("description", ''), 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz'), '[^a-z0-9\u0080-\uffff]+', ' ', 'g'), '([\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af])', ' \1 ', 'g'), ' +'), ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "webhooks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone,
	"url" text NOT NULL,
	"events" jsonb NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"secret_ciphertext" text NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (array_to_tsvector(array_remove(regexp_split_to_array(regexp_replace(regexp_replace(translate(coalesce("url", '') || ' ' || coalesce("description", ''), 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz'), '[^a-z0-9\u0080-\uffff]+', ' ', 'g'), '([\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af])', ' \1 ', 'g'), ' +'), ''))) STORED
);
--> statement-breakpoint
ALTER TABLE "app_secrets" ADD CONSTRAINT "app_secrets_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_secrets" ADD CONSTRAINT "app_secrets_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "apps" ADD CONSTRAINT "apps_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "apps" ADD CONSTRAINT "apps_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "apps" ADD CONSTRAINT "apps_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entitlement_skus" ADD CONSTRAINT "entitlement_skus_entitlement_id_entitlements_id_fk" FOREIGN KEY ("entitlement_id") REFERENCES "public"."entitlements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entitlement_skus" ADD CONSTRAINT "entitlement_skus_sku_id_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."skus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entitlements" ADD CONSTRAINT "entitlements_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entitlements" ADD CONSTRAINT "entitlements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entitlements" ADD CONSTRAINT "entitlements_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offering_skus" ADD CONSTRAINT "offering_skus_offering_id_offerings_id_fk" FOREIGN KEY ("offering_id") REFERENCES "public"."offerings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offering_skus" ADD CONSTRAINT "offering_skus_sku_id_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."skus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offerings" ADD CONSTRAINT "offerings_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offerings" ADD CONSTRAINT "offerings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offerings" ADD CONSTRAINT "offerings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_members" ADD CONSTRAINT "project_members_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_members" ADD CONSTRAINT "project_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_users" ADD CONSTRAINT "role_users_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_users" ADD CONSTRAINT "role_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skus" ADD CONSTRAINT "skus_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skus" ADD CONSTRAINT "skus_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skus" ADD CONSTRAINT "skus_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skus" ADD CONSTRAINT "skus_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_apps" ADD CONSTRAINT "team_apps_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_apps" ADD CONSTRAINT "team_apps_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "apps_search_idx" ON "apps" USING gin ("search");--> statement-breakpoint
CREATE UNIQUE INDEX "apps_package_name_key" ON "apps" USING btree (lower("package_name")) WHERE "apps"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "apps_project_name_key" ON "apps" USING btree ("project_id",lower("name")) WHERE "apps"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "apps_project_idx" ON "apps" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_project_at_idx" ON "audit_log" USING btree ("project_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("project_id","entity","entity_id","at");--> statement-breakpoint
CREATE INDEX "entitlement_skus_sku_idx" ON "entitlement_skus" USING btree ("sku_id");--> statement-breakpoint
CREATE INDEX "entitlements_search_idx" ON "entitlements" USING gin ("search");--> statement-breakpoint
CREATE UNIQUE INDEX "entitlements_project_identifier_key" ON "entitlements" USING btree ("project_id","identifier") WHERE "entitlements"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "entitlements_project_idx" ON "entitlements" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_code_hash_key" ON "invitations" USING btree ("code_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_pending_key" ON "invitations" USING btree ("project_id","email") WHERE "invitations"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "invitations_project_idx" ON "invitations" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE INDEX "offering_skus_sku_idx" ON "offering_skus" USING btree ("sku_id");--> statement-breakpoint
CREATE INDEX "offerings_search_idx" ON "offerings" USING gin ("search");--> statement-breakpoint
CREATE UNIQUE INDEX "offerings_project_identifier_key" ON "offerings" USING btree ("project_id","identifier") WHERE "offerings"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "offerings_project_order_idx" ON "offerings" USING btree ("project_id","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "project_members_one_owner" ON "project_members" USING btree ("project_id") WHERE "project_members"."role" = 'owner';--> statement-breakpoint
CREATE INDEX "project_members_user_idx" ON "project_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "projects_name_key" ON "projects" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "projects_created_idx" ON "projects" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "role_users_user_idx" ON "role_users" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "roles_search_idx" ON "roles" USING gin ("search");--> statement-breakpoint
CREATE UNIQUE INDEX "roles_project_name_key" ON "roles" USING btree ("project_id",lower("name"));--> statement-breakpoint
CREATE INDEX "roles_project_idx" ON "roles" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE INDEX "skus_search_idx" ON "skus" USING gin ("search");--> statement-breakpoint
CREATE UNIQUE INDEX "skus_app_product_key" ON "skus" USING btree ("app_id","store_product_id") WHERE "skus"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "skus_project_order_idx" ON "skus" USING btree ("project_id","sort_order","id") WHERE "skus"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "skus_project_name_idx" ON "skus" USING btree ("project_id","name","id") WHERE "skus"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "skus_project_product_idx" ON "skus" USING btree ("project_id","store_product_id","id") WHERE "skus"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "skus_project_created_idx" ON "skus" USING btree ("project_id","created_at","id") WHERE "skus"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "skus_project_updated_idx" ON "skus" USING btree ("project_id","updated_at","id") WHERE "skus"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "skus_project_price_idx" ON "skus" USING btree ("project_id","price","id") WHERE "skus"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "skus_project_trash_idx" ON "skus" USING btree ("project_id","deleted_at") WHERE "skus"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "team_apps_app_idx" ON "team_apps" USING btree ("app_id");--> statement-breakpoint
CREATE INDEX "team_members_user_idx" ON "team_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "teams_search_idx" ON "teams" USING gin ("search");--> statement-breakpoint
CREATE UNIQUE INDEX "teams_project_name_key" ON "teams" USING btree ("project_id",lower("name"));--> statement-breakpoint
CREATE INDEX "teams_project_idx" ON "teams" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE INDEX "webhooks_search_idx" ON "webhooks" USING gin ("search");--> statement-breakpoint
CREATE UNIQUE INDEX "webhooks_project_url_key" ON "webhooks" USING btree ("project_id","url") WHERE "webhooks"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "webhooks_project_idx" ON "webhooks" USING btree ("project_id","created_at");