ALTER TABLE "sellers" ADD COLUMN "low_stock_threshold" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "low_stock_mailed_at" timestamp with time zone;