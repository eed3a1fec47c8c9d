import { is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './client';
import * as schema from './schema/index';
import { createTestDatabase } from './testing/test-database';

// The migrations are written by hand (SQL), the schema the code queries through is TypeScript: this checks
// that every table and column the code knows exists in a migrated database with the same type and the
// same nullability, so a migration that forgot a column, or a schema change with no migration, fails here.

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

/** PostgreSQL's own spelling of a type (`format_type`), from drizzle's. */
export function canonicalType(drizzleType: string): string {
  const type = drizzleType.replace(/\s*,\s*/g, ',').toLowerCase();
  const array = type.endsWith('[]') ? '[]' : '';
  const base = array ? type.slice(0, -2) : type;
  const named: Record<string, string> = {
    serial: 'integer',
    bigserial: 'bigint',
    smallserial: 'smallint',
    timestamp: 'timestamp without time zone',
    time: 'time without time zone',
    varchar: 'character varying',
    char: 'character',
  };
  const [, head = base, modifier = ''] = /^([a-z ]+?)(\(.*\))?$/.exec(base) ?? [];
  const canonicalHead = named[head] ?? head;
  const canonicalModifier = modifier.replace(/^\((\d+)\) with time zone$/, '($1)');
  if (/^timestamp\(\d+\) with time zone$/.test(base)) return `${base.replace(/\s+/g, ' ')}${array}`;
  return `${canonicalHead}${canonicalModifier}${array}`;
}

interface DatabaseColumn {
  table: string;
  column: string;
  type: string;
  not_null: boolean;
}

async function databaseColumns(): Promise<Map<string, DatabaseColumn>> {
  const result = await database.db.execute(sql`
    select c.relname as table, a.attname as column, format_type(a.atttypid, a.atttypmod) as type,
           a.attnotnull as not_null
    from pg_attribute a
    join pg_class c on c.oid = a.attrelid
    join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped`);
  const rows = (result as unknown as { rows: DatabaseColumn[] }).rows;
  return new Map(rows.map((row) => [`${row.table}.${row.column}`, row]));
}

const tables: PgTable[] = (Object.values(schema) as unknown[]).filter((value): value is PgTable =>
  is(value, PgTable),
);

describe('the TypeScript schema and the migrations', () => {
  it('finds the tables to compare', () => {
    expect(tables.length).toBeGreaterThan(40);
  });

  it('agree on every table, column, type and nullability the code uses', async () => {
    const columns = await databaseColumns();
    const disagreements: string[] = [];
    for (const table of tables) {
      const config = getTableConfig(table);
      if (config.schema && config.schema !== 'public') continue;
      for (const column of config.columns) {
        const key = `${config.name}.${column.name}`;
        const found = columns.get(key);
        if (!found) {
          disagreements.push(`${key}: no such column after the migrations`);
          continue;
        }
        const expected = canonicalType(column.getSQLType());
        if (found.type !== expected)
          disagreements.push(`${key}: ${found.type} in the database, ${expected} in the schema`);
        if (found.not_null !== column.notNull)
          disagreements.push(
            `${key}: ${found.not_null ? 'not null' : 'nullable'} in the database, ${column.notNull ? 'not null' : 'nullable'} in the schema`,
          );
      }
    }
    expect(disagreements).toEqual([]);
  });
});

describe('canonicalType', () => {
  it("spells drizzle's types as PostgreSQL prints them", () => {
    expect(canonicalType('varchar(255)')).toBe('character varying(255)');
    expect(canonicalType('timestamp with time zone')).toBe('timestamp with time zone');
    expect(canonicalType('timestamp')).toBe('timestamp without time zone');
    expect(canonicalType('numeric(10, 2)')).toBe('numeric(10,2)');
    expect(canonicalType('text[]')).toBe('text[]');
    expect(canonicalType('serial')).toBe('integer');
  });
});
