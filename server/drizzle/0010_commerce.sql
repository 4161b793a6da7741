CREATE TABLE "customers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"app_user_id" text NOT NULL,
	"platform" text NOT NULL,
	"country" text,
	"email" text,
	"attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"spent" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "customers_country_code" CHECK ("customers"."country" is null or "customers"."country" ~ '^[A-Z]{2}$')
);
--> statement-breakpoint
CREATE TABLE "entitlement_grants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"source" text NOT NULL,
	"app_id" uuid,
	"product_id" text,
	"entitlement_id" uuid,
	"subscription_id" uuid,
	"transaction_id" uuid,
	"unlock_id" uuid,
	"starts_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "entitlement_grants_source" CHECK (("entitlement_grants"."source" = 'store' and "entitlement_grants"."app_id" is not null and "entitlement_grants"."product_id" is not null and "entitlement_grants"."entitlement_id" is null) or ("entitlement_grants"."source" = 'manual' and "entitlement_grants"."entitlement_id" is not null and "entitlement_grants"."unlock_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "manual_unlocks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"entitlement_id" uuid NOT NULL,
	"duration_count" integer NOT NULL,
	"duration_unit" text NOT NULL,
	"reason_code" text NOT NULL,
	"note" text NOT NULL,
	"status" text NOT NULL,
	"approval_reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"starts_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"requested_by" uuid,
	"requested_by_name" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"decided_by" uuid,
	"decided_by_name" text,
	"decided_at" timestamp with time zone,
	"decision_note" text,
	"revoked_by" uuid,
	"revoked_by_name" text,
	"revoked_at" timestamp with time zone,
	"revoke_note" text,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "manual_unlocks_duration" CHECK ("manual_unlocks"."duration_count" >= 1)
);
--> statement-breakpoint
CREATE TABLE "store_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"app_id" uuid NOT NULL,
	"store" text NOT NULL,
	"event_id" text,
	"type" text NOT NULL,
	"subtype" text,
	"environment" text,
	"outcome" text NOT NULL,
	"error_code" integer,
	"detail" text,
	"store_transaction_id" text,
	"customer_id" uuid,
	"signed_at" timestamp with time zone,
	"received_at" timestamp with time zone NOT NULL,
	"payload" jsonb
);
--> statement-breakpoint
CREATE TABLE "store_settings" (
	"app_id" uuid PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"apple_app_id" bigint,
	"accept_sandbox" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"app_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"store" text NOT NULL,
	"environment" text NOT NULL,
	"original_transaction_id" text NOT NULL,
	"product_id" text NOT NULL,
	"state" text NOT NULL,
	"auto_renew" boolean,
	"started_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone,
	"grace_expires_at" timestamp with time zone,
	"last_event_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"app_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"subscription_id" uuid,
	"store" text NOT NULL,
	"environment" text NOT NULL,
	"store_transaction_id" text NOT NULL,
	"original_transaction_id" text NOT NULL,
	"purchase_token" text,
	"product_id" text NOT NULL,
	"sku_id" uuid,
	"type" text NOT NULL,
	"offer" text,
	"status" text NOT NULL,
	"purchased_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone,
	"price" numeric(14, 4),
	"currency" text,
	"country" text,
	"refunded_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"last_event_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "unlock_policies" (
	"project_id" uuid PRIMARY KEY NOT NULL,
	"limits" jsonb,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entitlement_grants" ADD CONSTRAINT "entitlement_grants_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entitlement_grants" ADD CONSTRAINT "entitlement_grants_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entitlement_grants" ADD CONSTRAINT "entitlement_grants_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entitlement_grants" ADD CONSTRAINT "entitlement_grants_entitlement_id_entitlements_id_fk" FOREIGN KEY ("entitlement_id") REFERENCES "public"."entitlements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entitlement_grants" ADD CONSTRAINT "entitlement_grants_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entitlement_grants" ADD CONSTRAINT "entitlement_grants_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entitlement_grants" ADD CONSTRAINT "entitlement_grants_unlock_id_manual_unlocks_id_fk" FOREIGN KEY ("unlock_id") REFERENCES "public"."manual_unlocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manual_unlocks" ADD CONSTRAINT "manual_unlocks_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manual_unlocks" ADD CONSTRAINT "manual_unlocks_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manual_unlocks" ADD CONSTRAINT "manual_unlocks_entitlement_id_entitlements_id_fk" FOREIGN KEY ("entitlement_id") REFERENCES "public"."entitlements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manual_unlocks" ADD CONSTRAINT "manual_unlocks_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manual_unlocks" ADD CONSTRAINT "manual_unlocks_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manual_unlocks" ADD CONSTRAINT "manual_unlocks_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_events" ADD CONSTRAINT "store_events_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_events" ADD CONSTRAINT "store_events_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_events" ADD CONSTRAINT "store_events_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_settings" ADD CONSTRAINT "store_settings_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_settings" ADD CONSTRAINT "store_settings_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_settings" ADD CONSTRAINT "store_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_sku_id_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."skus"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unlock_policies" ADD CONSTRAINT "unlock_policies_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unlock_policies" ADD CONSTRAINT "unlock_policies_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customers_project_user_key" ON "customers" USING btree ("project_id","app_user_id");--> statement-breakpoint
CREATE INDEX "customers_project_last_seen_idx" ON "customers" USING btree ("project_id","last_seen_at","id");--> statement-breakpoint
CREATE INDEX "customers_project_first_seen_idx" ON "customers" USING btree ("project_id","first_seen_at","id");--> statement-breakpoint
CREATE INDEX "customers_project_platform_idx" ON "customers" USING btree ("project_id","platform","last_seen_at","id");--> statement-breakpoint
CREATE INDEX "customers_project_country_idx" ON "customers" USING btree ("project_id","country","last_seen_at","id");--> statement-breakpoint
CREATE INDEX "customers_project_email_idx" ON "customers" USING btree ("project_id",lower("email")) WHERE "customers"."email" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "entitlement_grants_subscription_key" ON "entitlement_grants" USING btree ("subscription_id") WHERE "entitlement_grants"."subscription_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "entitlement_grants_transaction_key" ON "entitlement_grants" USING btree ("transaction_id") WHERE "entitlement_grants"."transaction_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "entitlement_grants_unlock_key" ON "entitlement_grants" USING btree ("unlock_id") WHERE "entitlement_grants"."unlock_id" is not null;--> statement-breakpoint
CREATE INDEX "entitlement_grants_customer_idx" ON "entitlement_grants" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "entitlement_grants_project_product_idx" ON "entitlement_grants" USING btree ("project_id","app_id","product_id");--> statement-breakpoint
CREATE INDEX "entitlement_grants_project_entitlement_idx" ON "entitlement_grants" USING btree ("project_id","entitlement_id");--> statement-breakpoint
CREATE INDEX "manual_unlocks_project_requested_idx" ON "manual_unlocks" USING btree ("project_id","requested_at","id");--> statement-breakpoint
CREATE INDEX "manual_unlocks_customer_idx" ON "manual_unlocks" USING btree ("customer_id","requested_at");--> statement-breakpoint
CREATE INDEX "manual_unlocks_requester_day_idx" ON "manual_unlocks" USING btree ("project_id","requested_by","requested_at");--> statement-breakpoint
CREATE UNIQUE INDEX "store_events_app_event_key" ON "store_events" USING btree ("app_id","store","event_id") WHERE "store_events"."event_id" is not null;--> statement-breakpoint
CREATE INDEX "store_events_project_received_idx" ON "store_events" USING btree ("project_id","received_at","id");--> statement-breakpoint
CREATE INDEX "store_events_transaction_idx" ON "store_events" USING btree ("project_id","store_transaction_id") WHERE "store_events"."store_transaction_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_app_original_key" ON "subscriptions" USING btree ("app_id","original_transaction_id");--> statement-breakpoint
CREATE INDEX "subscriptions_customer_idx" ON "subscriptions" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "subscriptions_project_state_idx" ON "subscriptions" USING btree ("project_id","state");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_app_store_id_key" ON "transactions" USING btree ("app_id","store_transaction_id");--> statement-breakpoint
CREATE INDEX "transactions_project_purchased_idx" ON "transactions" USING btree ("project_id","purchased_at","id");--> statement-breakpoint
CREATE INDEX "transactions_project_price_idx" ON "transactions" USING btree ("project_id","price","id");--> statement-breakpoint
CREATE INDEX "transactions_project_store_idx" ON "transactions" USING btree ("project_id","store","purchased_at","id");--> statement-breakpoint
CREATE INDEX "transactions_project_status_idx" ON "transactions" USING btree ("project_id","status","purchased_at","id");--> statement-breakpoint
CREATE INDEX "transactions_project_product_idx" ON "transactions" USING btree ("project_id","product_id","purchased_at","id");--> statement-breakpoint
CREATE INDEX "transactions_project_store_tx_idx" ON "transactions" USING btree ("project_id","store_transaction_id");--> statement-breakpoint
CREATE INDEX "transactions_project_original_idx" ON "transactions" USING btree ("project_id","original_transaction_id");--> statement-breakpoint
CREATE INDEX "transactions_customer_idx" ON "transactions" USING btree ("customer_id","purchased_at","id");--> statement-breakpoint
CREATE INDEX "transactions_subscription_idx" ON "transactions" USING btree ("subscription_id","purchased_at");