import { MAPPABLE_FIELDS, type ColumnMapping, type MappableField } from './formats.js';

export class ColumnMapError extends Error {}

const isMappableField = (name: string): name is MappableField => (MAPPABLE_FIELDS as readonly string[]).includes(name);

/**
 * `--map text=Comment,userId=User,meta.plan=Plan` over a format's mapping: each named field (or
 * metadata key) reads exactly the given column instead of the format's candidates.
 */
export function applyColumnMap(base: ColumnMapping, map: string | undefined): ColumnMapping {
  const mapping: ColumnMapping = { fields: { ...base.fields }, metadata: { ...base.metadata }, numeric: base.numeric };
  if (map === undefined) return mapping;
  for (const pair of map.split(',')) {
    const equals = pair.indexOf('=');
    const target = pair.slice(0, equals).trim();
    const column = pair.slice(equals + 1).trim();
    if (equals < 1 || column === '') throw new ColumnMapError(`--map takes FIELD=Column pairs separated by commas; "${pair.slice(0, 100)}" is not one`);
    if (target.startsWith('meta.') && target.length > 5) mapping.metadata[target.slice(5)] = [column];
    else if (isMappableField(target)) mapping.fields[target] = [column];
    else throw new ColumnMapError(`--map cannot fill "${target.slice(0, 100)}"; it fills ${MAPPABLE_FIELDS.join(', ')} and meta.KEY`);
  }
  return mapping;
}

/** Each header name, looked up without case: the column a field reads, if the file has one. */
export function resolveColumns(mapping: ColumnMapping, header: string[]): { fields: Partial<Record<MappableField, string>>; metadata: Record<string, string> } {
  const byLowerCase = new Map(header.map((name) => [name.toLowerCase(), name]));
  const find = (candidates: string[] | undefined) => candidates?.map((name) => byLowerCase.get(name.toLowerCase())).find((name) => name !== undefined);
  const fields: Partial<Record<MappableField, string>> = {};
  for (const field of MAPPABLE_FIELDS) {
    const column = find(mapping.fields[field]);
    if (column !== undefined) fields[field] = column;
  }
  const metadata: Record<string, string> = {};
  for (const [key, candidates] of Object.entries(mapping.metadata)) {
    const column = find(candidates);
    if (column !== undefined) metadata[key] = column;
  }
  return { fields, metadata };
}

/** The columns `--map` names (already checked by `applyColumnMap`). */
export const mapNamedColumns = (map: string | undefined): string[] =>
  map === undefined ? [] : map.split(',').map((pair) => pair.slice(pair.indexOf('=') + 1).trim());
