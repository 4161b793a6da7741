ALTER TABLE "store_settings" ALTER COLUMN "accept_sandbox" SET DEFAULT false;--> statement-breakpoint
ALTER TABLE "entitlement_grants" ADD COLUMN "environment" text DEFAULT 'production' NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "sandbox_testers" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "store_events_app_unapplied_idx" ON "store_events" USING btree ("app_id","received_at","id") WHERE "store_events"."outcome" <> 'applied';--> statement-breakpoint
-- Apps made before this migration keep what they had (sandbox accepted, push authentication as set);
-- only new apps start with sandbox off and push authentication by their Play service account.
INSERT INTO "store_settings" ("app_id", "project_id", "accept_sandbox", "updated_at")
  SELECT "id", "project_id", true, now() FROM "apps"
  WHERE NOT EXISTS (SELECT 1 FROM "store_settings" s WHERE s."app_id" = "apps"."id");--> statement-breakpoint
UPDATE "entitlement_grants" g SET "environment" = s."environment"
  FROM "subscriptions" s WHERE g."subscription_id" = s."id" AND s."environment" = 'sandbox';--> statement-breakpoint
UPDATE "entitlement_grants" g SET "environment" = t."environment"
  FROM "transactions" t WHERE g."transaction_id" = t."id" AND t."environment" = 'sandbox';
