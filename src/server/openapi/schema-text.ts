// JSON Schema as the TypeScript-like text the reference page shows: `{ id: integer; name: string | null }`.
// Enough of JSON Schema for what zod generates; constraints (lengths, ranges) are left to the JSON document.

type Schema = Record<string, unknown>;

const INDENT = "  ";

export function schemaText(schema: unknown, depth = 0): string {
  if (!schema || typeof schema !== "object") return "unknown";
  const s = schema as Schema;
  if (typeof s.$ref === "string") return s.$ref.split("/").at(-1) as string;
  if ("const" in s) return JSON.stringify(s.const);
  if (Array.isArray(s.enum)) return s.enum.map((value) => JSON.stringify(value)).join(" | ");
  const union = (s.anyOf ?? s.oneOf) as unknown[] | undefined;
  if (Array.isArray(union)) return union.map((part) => schemaText(part, depth)).join(" | ");
  if (Array.isArray(s.type)) return s.type.map((type) => schemaText({ ...s, type }, depth)).join(" | ");
  switch (s.type) {
    case "object":
      return objectText(s, depth);
    case "array": {
      const items = schemaText(s.items, depth);
      return /[|{]/.test(items) && !items.startsWith("{") ? `(${items})[]` : `${items}[]`;
    }
    case "string":
      return typeof s.format === "string" ? `string (${s.format})` : "string";
    case undefined:
      return "unknown";
    default:
      return String(s.type);
  }
}

function objectText(s: Schema, depth: number): string {
  const properties = (s.properties ?? {}) as Record<string, Schema>;
  const required = new Set((s.required ?? []) as string[]);
  const names = Object.keys(properties);
  if (names.length === 0) {
    const values = s.additionalProperties;
    return values && typeof values === "object"
      ? `{ [key: string]: ${schemaText(values, depth)} }`
      : "object";
  }
  const inner = INDENT.repeat(depth + 1);
  const lines = names.map((name) => {
    const property = properties[name];
    const note = typeof property.description === "string" ? ` // ${property.description}` : "";
    return `${inner}${name}${required.has(name) ? "" : "?"}: ${schemaText(property, depth + 1)};${note}`;
  });
  return `{\n${lines.join("\n")}\n${INDENT.repeat(depth)}}`;
}
