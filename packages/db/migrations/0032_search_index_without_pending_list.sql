-- PGlite runs no autovacuum: a GIN pending list is emptied only when it reaches 4 MB, and until then every
-- search reads it through (hundreds of pages for a word found nowhere). Index entries are written at once.
ALTER INDEX "search_documents_vector_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "search_documents_title_trgm_idx" SET (fastupdate = off);--> statement-breakpoint
SELECT gin_clean_pending_list('search_documents_vector_idx'::regclass), gin_clean_pending_list('search_documents_title_trgm_idx'::regclass);
