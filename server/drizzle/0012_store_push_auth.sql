ALTER TABLE "store_settings" ADD COLUMN "google_push_email" text;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "google_push_audience" text;