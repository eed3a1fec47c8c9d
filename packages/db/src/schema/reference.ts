import { integer, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * The reference lists of spec §3 (countries, company sizes, …): each item has an id, a stable key
 * (what other tables store) and a title (what people read). `position` is the list's display order and
 * the paging cursor. The lists are seeded from code (packages/api reference module).
 */
function referenceTable<Name extends string>(name: Name) {
  return pgTable(name, {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    key: text('key').notNull().unique(),
    title: text('title').notNull(),
    position: integer('position').notNull().unique(),
  });
}

export const countries = referenceTable('countries');
export const companySizes = referenceTable('company_sizes');
export const companyTypes = referenceTable('company_types');
export const companyOwnership = referenceTable('company_ownership');
export const jobFunctions = referenceTable('job_functions');
export const jobIndustries = referenceTable('job_industries');
export const jobLevels = referenceTable('job_levels');
export const jobTitles = referenceTable('job_titles');
export const personProfileCategories = referenceTable('person_profile_categories');
