import { z } from 'zod';
import { errorEnvelopeSchema } from '../../contract/errors';

/**
 * Helpers a route uses in its `schema` to document what the transform cannot derive (see
 * docs/decisions/0016-openapi-conventions.md for the whole convention).
 */

/** A multipart upload: the form's file field and the limits the server enforces on it. */
export interface UploadDoc {
  /** The form field the file comes in. */
  field: string;
  /** The server takes the one file whatever its field is called. */
  anyFieldName?: boolean;
  /** What the file is, for the document: e.g. 'The image: JPEG or PNG'. */
  description: string;
  /** Types accepted (checked by content, not by the declared type). */
  contentTypes: readonly string[];
  maxBytes: number;
}

declare module 'fastify' {
  interface FastifySchema {
    /** Documents a multipart/form-data body (the handler reads it as a stream, so there is no `body`). */
    upload?: UploadDoc;
    /**
     * The body as the document shows it, when the validating `body` cannot say it (e.g. a body whose
     * items are validated one by one in the handler). Documentation only; `body` still validates.
     */
    documentedBody?: z.ZodType;
  }
}

/**
 * Error statuses a route answers beyond those the transform derives (401, 403, 400/413/415 and 404,
 * see derivedErrors), each with what it means here, e.g. `...errors({ 409: 'The album still has songs' })`.
 * A derived status may be listed too, to say what it means for this route.
 */
export function errors<S extends number>(
  described: Record<S, string>,
): Record<S, typeof errorEnvelopeSchema> {
  return Object.fromEntries(
    Object.entries(described).map(([status, description]) => [
      status,
      errorEnvelopeSchema.describe(description as string),
    ]),
  ) as Record<S, typeof errorEnvelopeSchema>;
}

/** A 204 answer: no body. */
export const noContent = (description: string) => z.undefined().describe(description);

/** A success answer of `schema`, with what it means when the route's summary does not say it. */
export const described = <T extends z.ZodType>(schema: T, description: string): T =>
  schema.describe(description) as T;

/** A file answer (not JSON): e.g. `binary('audio/*', 'The audio file')`. */
export const binary = (contentType: string, description: string) => ({
  description,
  content: { [contentType]: { schema: z.string().meta({ contentMediaType: contentType }) } },
});

/** Documents example answers of a response schema (typed as what the route sends). */
export function responseExample<T extends z.ZodType>(schema: T, ...examples: z.output<T>[]): T {
  z.globalRegistry.add(schema, { ...z.globalRegistry.get(schema), examples });
  return schema;
}

/**
 * Where a request example travels: zod drops `examples` from the input side of a schema that
 * transforms (trimming, defaults), so the document's transform takes it from this key instead.
 */
export const REQUEST_EXAMPLE = 'x-request-example';

/** Documents an example body of a request schema (typed as what a client sends). */
export function requestExample<T extends z.ZodType>(schema: T, example: z.input<T>): T {
  z.globalRegistry.add(schema, { ...z.globalRegistry.get(schema), [REQUEST_EXAMPLE]: example });
  return schema;
}
