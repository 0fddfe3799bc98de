import { DERIVED_TABLES } from "../warehouse/derived/declarations.ts";
import { plateColumnsOf } from "../warehouse/derived-tables.ts";

// Every column that can hold a plate, by table: the facts' and each derived table's declared ones.
// Pseudonymisation rewrites each of them; plates-everywhere.test.ts holds this against the schema, so a new
// table with a plate column that no declaration names fails the tests.
export const PLATE_COLUMNS = plateColumnsOf(DERIVED_TABLES);
