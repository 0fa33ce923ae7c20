ALTER TABLE "order_items" ADD COLUMN "courier" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "awb" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "tracking_url" text;