/**
 * The one run-time check of the server's answers. The shapes it reads are generated from
 * the server's OpenAPI document (`generated/answerShapes.ts`, by
 * `scripts/gen-api-types.sh`, beside the TypeScript types of `generated/openapi.ts`), so
 * an answer's shape is written once, in the Rust view: a changed server fails loudly,
 * naming the field, instead of rendering blanks, and nothing here restates a schema.
 *
 * Fields the document does not name are let through (an answer may grow); a documented
 * field must have its documented type, a required one must be there, and an enumeration
 * must hold one of its documented values.
 */

/** A JSON value's documented shape (a subset of JSON Schema, as the generator writes it). */
export type Shape = (
  | { readonly type: 'string'; readonly enum?: readonly string[] }
  | { readonly type: 'integer' | 'number'; readonly minimum?: number; readonly maximum?: number }
  | { readonly type: 'boolean' }
  | { readonly type: 'null' }
  | { readonly type: 'any' }
  | { readonly type: 'array'; readonly items: Shape }
  | { readonly type: 'tuple'; readonly items: readonly Shape[] }
  | { readonly type: 'map'; readonly values: Shape }
  | {
      readonly type: 'object';
      readonly properties: Readonly<Record<string, Shape>>;
      readonly required: readonly string[];
    }
  | { readonly type: 'ref'; readonly name: string; readonly to: () => Shape }
  | { readonly type: 'oneOf'; readonly of: readonly Shape[] }
  | { readonly type: 'allOf'; readonly of: readonly Shape[] }
) & { readonly nullable?: true };

/** A shape that describes the answer type `T` (the type only guides the compiler). */
export type AnswerShape<T> = Shape & { readonly answer?: T };

/** The first place an answer differs from its documented shape. */
export class AnswerShapeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AnswerShapeError';
  }
}

function place(path: string, what: string): string {
  return path === '' ? what : path;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'string') return `'${value.length > 40 ? `${value.slice(0, 40)}…` : value}'`;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return typeof value === 'object' ? 'an object' : typeof value;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The constant tags (`kind: 'send'`…) a branch of a `oneOf` declares, through references and `allOf`. */
function tagsOf(shape: Shape): [string, string][] {
  switch (shape.type) {
    case 'ref':
      return tagsOf(shape.to());
    case 'allOf':
      return shape.of.flatMap(tagsOf);
    case 'object':
      return Object.entries(shape.properties).flatMap(([name, property]) =>
        property.type === 'string' && property.enum?.length === 1 ? [[name, property.enum[0] ?? ''] as [string, string]] : [],
      );
    default:
      return [];
  }
}

/**
 * For a `oneOf` whose branches are told apart by a tag: the branch the value's tag names,
 * or, for a tag no branch has, the message naming it. Undefined when the branches carry no tag.
 */
function byTag(branches: readonly Shape[], value: unknown, path: string): { branch: Shape } | { message: string } | undefined {
  if (!isObject(value)) return undefined;
  const tagged = branches.map((branch) => ({ branch, tags: tagsOf(branch) }));
  const name = tagged[0]?.tags[0]?.[0];
  if (name === undefined || !tagged.every(({ tags }) => tags.some(([tag]) => tag === name))) return undefined;
  const found = tagged.find(({ tags }) => tags.some(([tag, tagValue]) => tag === name && tagValue === value[name]));
  if (found !== undefined) return { branch: found.branch };
  const known = tagged.flatMap(({ tags }) => tags.filter(([tag]) => tag === name).map(([, tagValue]) => tagValue));
  const at = path === '' ? name : `${path}.${name}`;
  return { message: `${at} ${describe(value[name])} is not one of ${known.join(', ')}` };
}

/** The first difference between `value` and `shape` at `path`, or null when it fits. */
function mismatch(shape: Shape, value: unknown, path: string, what: string): string | null {
  const at = place(path, what);
  if (value === null && (shape.nullable === true || shape.type === 'null' || shape.type === 'any')) return null;
  switch (shape.type) {
    case 'any':
      return null;
    case 'null':
      return `${at} is not null`;
    case 'string':
      if (typeof value !== 'string') return `${at} is not a string`;
      if (shape.enum !== undefined && !shape.enum.includes(value)) return `${at} ${describe(value)} is not one of ${shape.enum.join(', ')}`;
      return null;
    case 'integer':
    case 'number': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return `${at} is not a number`;
      if (shape.type === 'integer' && !Number.isInteger(value)) return `${at} is not a whole number`;
      if (shape.minimum !== undefined && value < shape.minimum) return `${at} is below ${shape.minimum}`;
      if (shape.maximum !== undefined && value > shape.maximum) return `${at} is above ${shape.maximum}`;
      return null;
    }
    case 'boolean':
      return typeof value === 'boolean' ? null : `${at} is not a boolean`;
    case 'array': {
      if (!Array.isArray(value)) return `${at} is not a list`;
      for (const [index, item] of value.entries()) {
        const found = mismatch(shape.items, item, `${at}[${index}]`, what);
        if (found !== null) return found;
      }
      return null;
    }
    case 'tuple': {
      if (!Array.isArray(value) || value.length !== shape.items.length) return `${at} is not a list of ${shape.items.length}`;
      for (const [index, item] of shape.items.entries()) {
        const found = mismatch(item, value[index], `${at}[${index}]`, what);
        if (found !== null) return found;
      }
      return null;
    }
    case 'map': {
      if (!isObject(value)) return `${at} is not a map`;
      for (const [key, item] of Object.entries(value)) {
        const found = mismatch(shape.values, item, `${at}.${key}`, what);
        if (found !== null) return found;
      }
      return null;
    }
    case 'object': {
      if (!isObject(value)) return `${at} is not an object`;
      for (const name of shape.required) {
        if (value[name] === undefined) return `${path === '' ? '' : `${path}.`}${name} is missing`;
      }
      for (const [name, property] of Object.entries(shape.properties)) {
        const field = value[name];
        if (field === undefined) continue;
        const found = mismatch(property, field, path === '' ? name : `${path}.${name}`, what);
        if (found !== null) return found;
      }
      return null;
    }
    case 'ref':
      return mismatch(shape.to(), value, path, what);
    case 'allOf': {
      for (const part of shape.of) {
        const found = mismatch(part, value, path, what);
        if (found !== null) return found;
      }
      return null;
    }
    case 'oneOf': {
      const tagged = byTag(shape.of, value, path);
      if (tagged !== undefined) return 'message' in tagged ? tagged.message : mismatch(tagged.branch, value, path, what);
      if (shape.of.some((branch) => mismatch(branch, value, path, what) === null)) return null;
      return `${at} ${describe(value)} fits none of its documented forms`;
    }
  }
}

/**
 * `json` as the documented answer `T`, or an {@link AnswerShapeError} naming the first
 * field that differs (`what` names the answer when the root itself differs).
 */
export function checkAnswer<T>(shape: AnswerShape<T>, json: unknown, what = 'answer'): T {
  const found = mismatch(shape, json, '', what);
  if (found !== null) throw new AnswerShapeError(found);
  return json as T;
}
