// Writes src/lib/api/generated/answerShapes/ from the server's OpenAPI document: one module
// per component schema (and per operation whose answer is not a named schema), each
// exporting its shape as plain data that src/lib/api/answerShape.ts checks answers against,
// and an index that re-exports them all. One module each so the build puts a shape in the
// chunk of the screens that read it: the first page carries only the networks' shapes.
// Run by scripts/gen-api-types.sh beside openapi-typescript, so the run-time checks and the
// TypeScript types come from the same document and drift together (its --check).
//
// Usage: node scripts/gen-api-shapes.mjs <openapi.json> <out directory>
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const [input, output] = process.argv.slice(2);
if (!input || !output) {
  console.error('usage: node scripts/gen-api-shapes.mjs <openapi.json> <out directory>');
  process.exit(2);
}
const document = JSON.parse(readFileSync(input, 'utf8'));
const schemas = document.components?.schemas ?? {};

const REF_PREFIX = '#/components/schemas/';

function identifier(name) {
  const text = name.replace(/[^A-Za-z0-9_$]/g, '_');
  return /^[0-9]/.test(text) ? `_${text}` : text;
}

const quote = (text) => JSON.stringify(text);

function nullable(text, isNullable) {
  return isNullable ? `${text.slice(0, -2)}, nullable: true }` : text;
}

/** The shape literal of a JSON Schema fragment. */
function shape(schema) {
  if (schema === true || schema === undefined || schema === null) return "{ type: 'any' }";
  if (schema === false) throw new Error('a schema that allows nothing');
  if (schema.$ref) {
    if (!schema.$ref.startsWith(REF_PREFIX)) throw new Error(`unsupported reference ${schema.$ref}`);
    const name = schema.$ref.slice(REF_PREFIX.length);
    if (!(name in schemas)) throw new Error(`reference to a missing schema ${name}`);
    return `{ type: 'ref', name: ${quote(name)}, to: () => ${identifier(name)} }`;
  }
  if (schema.oneOf || schema.anyOf) {
    const branches = schema.oneOf ?? schema.anyOf;
    const nonNull = branches.filter((branch) => branch.type !== 'null');
    const isNullable = nonNull.length < branches.length;
    if (nonNull.length === 1) return nullable(shape(nonNull[0]), isNullable);
    return nullable(`{ type: 'oneOf', of: [${nonNull.map(shape).join(', ')}] }`, isNullable);
  }
  if (schema.allOf) {
    if (schema.allOf.length === 1) return shape(schema.allOf[0]);
    return `{ type: 'allOf', of: [${schema.allOf.map(shape).join(', ')}] }`;
  }
  let types = schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
  const isNullable = types.includes('null') || schema.nullable === true;
  types = types.filter((type) => type !== 'null');
  if (types.length === 0) {
    if (schema.properties || schema.additionalProperties) types = ['object'];
    else if (schema.enum) types = ['string'];
    else if (schema.const !== undefined) types = ['string'];
    else return isNullable ? "{ type: 'null' }" : "{ type: 'any' }";
  }
  if (types.length > 1) {
    return nullable(`{ type: 'oneOf', of: [${types.map((type) => shape({ ...schema, type })).join(', ')}] }`, isNullable);
  }
  const [type] = types;
  switch (type) {
    case 'string': {
      const values = schema.enum ?? (schema.const === undefined ? undefined : [schema.const]);
      const enumPart = values ? `, enum: [${values.filter((value) => value !== null).map(quote).join(', ')}]` : '';
      return nullable(`{ type: 'string'${enumPart} }`, isNullable);
    }
    case 'integer':
    case 'number': {
      // Bounds the document states beyond a type's own (a share between 0 and 1, say).
      const bounds = [
        typeof schema.minimum === 'number' && !(type === 'integer' && schema.minimum === 0) ? `, minimum: ${schema.minimum}` : '',
        typeof schema.maximum === 'number' ? `, maximum: ${schema.maximum}` : '',
      ].join('');
      return nullable(`{ type: '${type}'${bounds} }`, isNullable);
    }
    case 'boolean':
      return nullable(`{ type: '${type}' }`, isNullable);
    case 'array':
      if (Array.isArray(schema.prefixItems)) {
        // A tuple: these items in this order, and no more (`items: false`).
        return nullable(`{ type: 'tuple', items: [${schema.prefixItems.map(shape).join(', ')}] }`, isNullable);
      }
      return nullable(`{ type: 'array', items: ${shape(schema.items)} }`, isNullable);
    case 'object': {
      const properties = Object.entries(schema.properties ?? {});
      if (properties.length === 0 && schema.additionalProperties !== undefined && schema.additionalProperties !== false) {
        return nullable(`{ type: 'map', values: ${shape(schema.additionalProperties)} }`, isNullable);
      }
      const fields = properties.map(([name, property]) => `${quote(name)}: ${shape(property)}`).join(', ');
      const required = (schema.required ?? []).map(quote).join(', ');
      return nullable(`{ type: 'object', properties: { ${fields} }, required: [${required}] }`, isNullable);
    }
    default:
      throw new Error(`unsupported schema type ${type}`);
  }
}

const HEADER = [
  "// Generated by web/scripts/gen-api-shapes.mjs from the server's OpenAPI document",
  '// (scripts/gen-api-types.sh). Do not edit; change the Rust view and regenerate.',
];

/** The modules a shape literal refers to (`to: () => Name`). */
function referenced(literal) {
  return [...new Set([...literal.matchAll(/to: \(\) => ([A-Za-z0-9_$]+)/g)].map((match) => match[1]))].sort();
}

const modules = new Map();

function addModule(name, type, literal, doc) {
  const imports = referenced(literal).filter((other) => other !== name);
  const lines = [
    ...HEADER,
    "import type { AnswerShape } from '../../answerShape';",
    `import type { ${type.startsWith('operations') ? 'operations' : 'components'} } from '../openapi';`,
    ...imports.map((other) => `import { ${other} } from './${other}';`),
    '',
    ...(doc ? [`/** ${doc} */`] : []),
    `export const ${name}: AnswerShape<${type}> = ${literal};`,
  ];
  modules.set(name, `${lines.join('\n')}\n`);
}

for (const name of Object.keys(schemas).sort()) {
  addModule(identifier(name), `components['schemas'][${quote(name)}]`, shape(schemas[name]));
}

// Answers that are not a named schema (a bare list, say) get a shape named after their operation.
for (const [path, item] of Object.entries(document.paths ?? {})) {
  for (const [method, operation] of Object.entries(item)) {
    const answer = operation?.responses?.['200']?.content?.['application/json']?.schema;
    if (!answer || answer.$ref) continue;
    if (!operation.operationId) throw new Error(`${method.toUpperCase()} ${path} answers an unnamed schema and has no operationId`);
    const type = `operations[${quote(operation.operationId)}]['responses'][200]['content']['application/json']`;
    addModule(`${identifier(operation.operationId)}Answer`, type, shape(answer), `${method.toUpperCase()} ${path}`);
  }
}

rmSync(output, { recursive: true, force: true });
mkdirSync(output, { recursive: true });
for (const [name, text] of modules) writeFileSync(join(output, `${name}.ts`), text);
const index = [...HEADER, ...[...modules.keys()].sort().map((name) => `export { ${name} } from './${name}';`)];
writeFileSync(join(output, 'index.ts'), `${index.join('\n')}\n`);
