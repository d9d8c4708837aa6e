/** A row of the type table. */
export interface TypeRow {
  id: number;
  name: string;
}

/** Finds a type of one table (`server`, `cachegroup`, `to_extension`, …) by id or by name. */
export interface TypeLookupStore {
  find(useInTable: string, ref: { id: number } | { name: string }): Promise<TypeRow | null>;
}
