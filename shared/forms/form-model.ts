import type { SchemaDescription } from '../platform/schema-description';

/**
 * A form generated from a schema description (shared by main and renderer). Each node is what one
 * editor shows; `path` is the dotted/indexed address of its value (`claimant.firstName`,
 * `damagedItems[0].name`), the same form the platform's error messages use.
 */
export interface FormModel {
  schemaVersion?: string;
  title?: string;
  description?: string;
  root: FormNode;
}

export type FormNode =
  StringNode | NumberNode | BooleanNode | EnumNode | ObjectNode | ArrayNode | ChoiceNode | UnsupportedNode;

export type FormNodeKind = FormNode['kind'];

interface NodeBase {
  /** Property name in the parent object; '' for the root and for array items. */
  name: string;
  /** Title from the schema, else the property name. */
  label: string;
  /**
   * The label is the platform's own wording, shown as it was sent: no wording in the clerk's language is
   * known for it (set by the renderer's schema wording catalog, never by buildFormModel).
   */
  platformWording?: true;
  description?: string;
  /** As platformWording, for the description. */
  platformDescription?: true;
  /** Required by the parent object's `required` list. */
  required: boolean;
  /** `null` is an accepted value (type flags include Null). */
  nullable: boolean;
  /** Set by the platform: shown, never sent. */
  readOnly: boolean;
  /** Sent, never shown back by the platform (e.g. a secret). */
  writeOnly: boolean;
  default?: unknown;
}

/** Formats whose syntax we check; any other format is an annotation only (as JSON Schema allows). */
export const CHECKED_FORMATS = ['date', 'date-time', 'time', 'email', 'uri', 'uuid'] as const;
export type CheckedFormat = (typeof CHECKED_FORMATS)[number];

export interface StringNode extends NodeBase {
  kind: 'string';
  minLength?: number;
  maxLength?: number;
  /** Every pattern must match (allOf may contribute several). */
  patterns: string[];
  format?: string;
}

export interface NumberNode extends NodeBase {
  kind: 'number';
  integer: boolean;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum: boolean;
  exclusiveMaximum: boolean;
  multipleOf?: number;
}

export interface BooleanNode extends NodeBase {
  kind: 'boolean';
}

export interface EnumOption {
  value: unknown;
  /** The value as text (`"DE"`, `3`, `true`). */
  label: string;
  /** As NodeBase.platformWording: the label is the platform's value as sent. */
  platformWording?: true;
}

export interface EnumNode extends NodeBase {
  kind: 'enum';
  options: EnumOption[];
}

export interface ObjectNode extends NodeBase {
  kind: 'object';
  properties: FormNode[];
  /** false = properties not listed are rejected. */
  additionalProperties: boolean;
  minProperties?: number;
  maxProperties?: number;
}

export interface ArrayNode extends NodeBase {
  kind: 'array';
  item: FormNode;
  minItems?: number;
  maxItems?: number;
  uniqueItems: boolean;
}

/** anyOf / oneOf of alternatives that are not plain value lists: the clerk picks one. */
export interface ChoiceNode extends NodeBase {
  kind: 'choice';
  mode: 'anyOf' | 'oneOf';
  options: FormNode[];
}

/** A construct the form cannot edit faithfully: shown read-only with its raw schema, never dropped. */
export interface UnsupportedNode extends NodeBase {
  kind: 'unsupported';
  /** Stable reason code, e.g. `if-then-else`; the renderer has a message per code. */
  reason: UnsupportedReason;
  /** The construct, for the clerk (and the log): `if`, `patternProperties` … */
  construct: string;
  raw: SchemaDescription;
  /** A value that is sent as is (from `const` or `default`), if the schema gives one. */
  fixedValue?: unknown;
}

export const UNSUPPORTED_REASONS = [
  'conditional',
  'negation',
  'pattern-properties',
  'dependencies',
  'property-names',
  'additional-properties-schema',
  'contains',
  'tuple',
  'const',
  'mixed-types',
  'no-type',
  'never-valid',
  'reference',
  'custom-validators',
  'content-encoding',
  'conflicting-all-of',
] as const;
export type UnsupportedReason = (typeof UNSUPPORTED_REASONS)[number];
