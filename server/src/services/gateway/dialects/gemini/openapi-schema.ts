/**
 * Gemini's `parameters` and `responseSchema` are an OpenAPI 3.0 subset with upper-case type
 * names (`OBJECT`, `STRING`); JSON Schema, which the other APIs take, spells them in lower case
 * and writes `nullable` as a type union.
 */
export function openApiToJsonSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(openApiToJsonSchema);
  if (typeof schema !== 'object' || schema === null) return schema;
  const out: Record<string, unknown> = {};
  const source = schema as Record<string, unknown>;
  for (const [key, value] of Object.entries(source)) {
    if (key === 'nullable') continue;
    if (key === 'type' && typeof value === 'string') out.type = source.nullable === true ? [value.toLowerCase(), 'null'] : value.toLowerCase();
    else if (key === 'properties' && typeof value === 'object' && value !== null) {
      out.properties = Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, openApiToJsonSchema(inner)]));
    } else out[key] = openApiToJsonSchema(value);
  }
  return out;
}
