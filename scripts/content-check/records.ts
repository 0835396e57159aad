/** A parsed JSON value as an object of properties: content is checked before it is trusted to have a shape. */
export const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The value's properties, or none when it is no object. */
export const asRecord = (v: unknown): Record<string, unknown> => (isRecord(v) ? v : {});
