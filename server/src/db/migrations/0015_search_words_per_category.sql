-- Search (ADR 012): the words of each category's and sub-category's products, so a search with
-- a category finds its few matches without listing every product that has a common word.
CREATE INDEX "product_search_search_mens_idx" ON "product_search" USING gin ("search") WHERE "category" = 'Mens';--> statement-breakpoint
CREATE INDEX "product_search_search_womens_idx" ON "product_search" USING gin ("search") WHERE "category" = 'Womens';--> statement-breakpoint
CREATE INDEX "product_search_search_kids_idx" ON "product_search" USING gin ("search") WHERE "category" = 'Kids';--> statement-breakpoint
CREATE INDEX "product_search_search_gentsshirt_idx" ON "product_search" USING gin ("search") WHERE "sub_category" = 'gentsShirt';--> statement-breakpoint
CREATE INDEX "product_search_search_gentspant_idx" ON "product_search" USING gin ("search") WHERE "sub_category" = 'gentsPant';--> statement-breakpoint
CREATE INDEX "product_search_search_gentshoody_idx" ON "product_search" USING gin ("search") WHERE "sub_category" = 'gentsHoody';--> statement-breakpoint
CREATE INDEX "product_search_search_girlstop_idx" ON "product_search" USING gin ("search") WHERE "sub_category" = 'girlsTop';--> statement-breakpoint
CREATE INDEX "product_search_search_ladiespant_idx" ON "product_search" USING gin ("search") WHERE "sub_category" = 'LadiesPant';--> statement-breakpoint
CREATE INDEX "product_search_search_ladiesdress_idx" ON "product_search" USING gin ("search") WHERE "sub_category" = 'LadiesDress';--> statement-breakpoint
CREATE INDEX "product_search_search_kidswear_idx" ON "product_search" USING gin ("search") WHERE "sub_category" = 'KidsWear';