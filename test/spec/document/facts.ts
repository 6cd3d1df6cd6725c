// The shape of a fact transcribed from the interface document
// (000_55ac81fde11b7ea4.txt, kept outside this repository); nothing here is read from the spec.

/** A document type: JSON types joined by `|`, e.g. `string|null`. */
export type DocType = string;

export interface FieldFact {
  /** Dotted path into the body; `[]` steps into array items, e.g. `data.data[].id`. */
  at: string;
  type: DocType;
  /** Only where the document gives a Required column. */
  required?: boolean;
  /** Words of the document's note that the field's description must carry. */
  note?: string[];
  enum?: unknown[];
  /** JSON Schema `format` the document's wording implies (URL, timestamp). */
  format?: string;
}

export interface OperationFact {
  method: 'get' | 'post';
  path: string;
  /** Section 4.1: no bearer token. */
  public: boolean;
  request?: FieldFact[];
  /** Fields of the 200 body. */
  response?: FieldFact[];
  /** Documented success text of `message`. */
  successMessage?: string;
  /** Documented `status` value of a success body. */
  successStatus?: string;
}

/** Space- or comma-separated names, as the document lists them. */
export const words = (names: string): string[] => names.split(/[,\s]+/).filter(Boolean);

/** String fields, one per name. */
export const strings = (names: string, extra: Partial<FieldFact> = {}): FieldFact[] =>
  words(names).map((at) => ({ at, type: 'string', ...extra }));
