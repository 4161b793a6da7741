import { sql, type SQL } from 'drizzle-orm';
import { uniqueIndex, type AnyPgColumn, type IndexBuilder } from 'drizzle-orm/pg-core';
import type { AnyResource, Resource } from '@contract/resources/define';
import { snakeCase } from './search';

/**
 * The unique indexes of a resource table, derived from its declaration's `uniqueBy`
 * (contract/resources/define.ts `UniqueRule`), and their names.
 *
 * A rule of a project resource is unique within each project (the index leads with `project_id`)
 * unless it says `acrossProjects`; `ignoreCase` indexes `lower(column)`; a resource with a trash
 * leaves trashed rows out (partial index), so a trashed item never blocks a new one. The index name
 * is `<table>_[project_]<fields in snake case>_key`; db/constraints.ts derives from the same rules
 * which code and fields a violation of each index answers.
 */

type Rule = Resource['uniqueBy'][number];

/** Whether a rule's index leads with the project: project resources, unless unique across projects. */
function perProject(resource: AnyResource, rule: Rule): boolean {
  return resource.wiring?.scope !== 'global' && !rule.acrossProjects;
}

/** The name of the unique index of one rule of a resource (its table is named like the resource). */
export function uniqueIndexName(resource: AnyResource, rule: Rule): string {
  return `${resource.name}_${perProject(resource, rule) ? 'project_' : ''}${rule.fields.map(snakeCase).join('_')}_key`;
}

/**
 * The unique indexes of a resource table, for the table's extra config:
 * `(t) => [...uniqueIndexes(skuResource, t), index(...)]`.
 */
export function uniqueIndexes(resource: AnyResource, columns: Readonly<Record<string, AnyPgColumn>>): IndexBuilder[] {
  return resource.uniqueBy.map((rule) => {
    const parts: (AnyPgColumn | SQL)[] = perProject(resource, rule) ? [column(resource, columns, 'projectId')] : [];
    for (const field of rule.fields) {
      const target = column(resource, columns, field);
      parts.push(rule.ignoreCase ? sql`lower(${target})` : target);
    }
    const builder = uniqueIndex(uniqueIndexName(resource, rule)).on(...(parts as [AnyPgColumn | SQL, ...(AnyPgColumn | SQL)[]]));
    return resource.trash ? builder.where(sql`${column(resource, columns, 'deletedAt')} is null`) : builder;
  });
}

function column(resource: AnyResource, columns: Readonly<Record<string, AnyPgColumn>>, field: string): AnyPgColumn {
  const found = columns[field];
  if (!found) throw new Error(`${resource.name}: uniqueBy names ${field}, which has no column`);
  return found;
}
