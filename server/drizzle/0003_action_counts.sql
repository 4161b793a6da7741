CREATE TABLE "action_counts" (
	"action" text NOT NULL,
	"subject" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "action_counts_pkey" PRIMARY KEY("action","subject","window_start"),
	CONSTRAINT "action_counts_not_negative" CHECK ("action_counts"."count" >= 0 and "action_counts"."amount" >= 0)
);
