import fc from 'fast-check';
import { deepJsonText, hostileValue, oddString, urlString } from './hostile-values.js';
import { valueFor, type JsonSchema } from './schema-values.js';

export interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
}

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  schema: JsonSchema;
}

interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  body?: JsonSchema;
}

export interface FuzzKeys {
  secret: string;
  widget: string;
  revoked: string;
  origin: string;
  /** Ids that exist, so that some requests reach a found resource. */
  ids: string[];
}

/** The document with every local `$ref` replaced by what it points at (the document has no cycles). */
function dereference<T>(document: T): T {
  const resolve = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(resolve);
    if (!node || typeof node !== 'object') return node;
    const ref = (node as { $ref?: unknown }).$ref;
    if (typeof ref === 'string' && ref.startsWith('#/')) {
      const target = ref
        .slice(2)
        .split('/')
        .reduce<any>((at, part) => at?.[part.replace(/~1/g, '/').replace(/~0/g, '~')], document);
      return resolve(target);
    }
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, resolve(value)]));
  };
  return resolve(document) as T;
}

export function operationsOf(document: { paths: Record<string, Record<string, any>> }): Operation[] {
  const openApi = dereference(document);
  return Object.entries(openApi.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      parameters: operation.parameters ?? [],
      body: operation.requestBody?.content?.['application/json']?.schema,
    })),
  );
}

/** Percent-encodes every UTF-16 unit's bytes, unpaired surrogates included (as WTF-8), so any string reaches the server. */
export function percentEncode(value: string): string {
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const unit = value.charCodeAt(i);
    const pair = unit >= 0xd800 && unit <= 0xdbff && i + 1 < value.length ? value.charCodeAt(i + 1) : 0;
    const isPair = pair >= 0xdc00 && pair <= 0xdfff;
    const codePoint = isPair ? ((unit - 0xd800) << 10) + (pair - 0xdc00) + 0x10000 : unit;
    if (isPair) i++;
    const char = String.fromCodePoint(codePoint);
    if (/^[A-Za-z0-9\-_.~]$/.test(char)) out += char;
    else for (const byte of wtf8(codePoint)) out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

function wtf8(codePoint: number): number[] {
  if (codePoint < 0x80) return [codePoint];
  if (codePoint < 0x800) return [0xc0 | (codePoint >> 6), 0x80 | (codePoint & 63)];
  if (codePoint < 0x10000) return [0xe0 | (codePoint >> 12), 0x80 | ((codePoint >> 6) & 63), 0x80 | (codePoint & 63)];
  return [0xf0 | (codePoint >> 18), 0x80 | ((codePoint >> 12) & 63), 0x80 | ((codePoint >> 6) & 63), 0x80 | (codePoint & 63)];
}

/** Any generated value as the text a client would put in a URL or header. */
const asText = (value: unknown): string => (typeof value === 'string' ? value : (JSON.stringify(value) ?? 'undefined'));

/** Header values Node will send: visible Latin-1 and tabs (anything else never leaves the client). */
const headerSafe = (value: string) => value.replace(/[^\t\x20-\x7e\x80-\xff]/g, '?').slice(0, 8000);

const authorization = (keys: FuzzKeys): fc.Arbitrary<{ authorization?: string; origin?: string }> =>
  fc.oneof(
    { weight: 14, arbitrary: fc.constant({ authorization: `Bearer ${keys.secret}` }) },
    { weight: 2, arbitrary: fc.constant({ authorization: `Bearer ${keys.widget}`, origin: keys.origin }) },
    { weight: 1, arbitrary: fc.constant({ authorization: `Bearer ${keys.widget}` }) },
    { weight: 1, arbitrary: fc.constant({ authorization: `Bearer ${keys.revoked}` }) },
    { weight: 1, arbitrary: fc.constant({ authorization: `Bearer sk_test_${'A'.repeat(32)}` }) },
    { weight: 1, arbitrary: oddString.map((value) => ({ authorization: headerSafe(value) })) },
    {
      weight: 1,
      arbitrary: fc.tuple(oddString, oddString).map(([key, origin]) => ({ authorization: `Bearer ${headerSafe(key)}`, origin: headerSafe(origin) })),
    },
    { weight: 1, arbitrary: fc.constant({}) },
  );

const bodyBytes = (schema: JsonSchema | undefined): fc.Arbitrary<{ body?: Buffer; contentType?: string }> =>
  fc.oneof(
    {
      weight: 8,
      arbitrary: (schema ? valueFor(schema) : hostileValue).map((value) => ({
        body: Buffer.from(JSON.stringify(value) ?? 'null'),
        contentType: 'application/json',
      })),
    },
    { weight: 1, arbitrary: deepJsonText.map((text) => ({ body: Buffer.from(text), contentType: 'application/json' })) },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 200 }).map((bytes) => ({ body: Buffer.from(bytes), contentType: 'application/json' })) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(oddString, fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=latin1', ''))
        .map(([text, contentType]) => ({ body: Buffer.from(text), contentType })),
    },
    { weight: 1, arbitrary: fc.constant({}) },
  );

const pathValue = (keys: FuzzKeys) => fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...keys.ids) }, { weight: 3, arbitrary: urlString });

function requestFor(operation: Operation, keys: FuzzKeys): fc.Arbitrary<FuzzRequest> {
  const pathParams = operation.parameters.filter((p) => p.in === 'path');
  const queryParams = operation.parameters.filter((p) => p.in === 'query');
  const headerParams = operation.parameters.filter((p) => p.in === 'header');
  return fc
    .record({
      method: fc.oneof(
        { weight: 12, arbitrary: fc.constant(operation.method) },
        { weight: 1, arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD') },
      ),
      pathValues: fc.tuple(...pathParams.map(() => pathValue(keys))),
      query: fc.tuple(...queryParams.map((p) => fc.option(fc.array(valueFor(p.schema), { minLength: 1, maxLength: 3 }), { freq: 2 }))),
      extraQuery: fc.option(fc.tuple(urlString, urlString), { freq: 4 }),
      headerValues: fc.tuple(...headerParams.map((p) => fc.option(valueFor(p.schema), { freq: 2 }))),
      auth: authorization(keys),
      body: bodyBytes(operation.body),
    })
    .map(({ method, pathValues, query, extraQuery, headerValues, auth, body }) => {
      let path = operation.path;
      pathParams.forEach((p, i) => (path = path.replace(`{${p.name}}`, percentEncode(asText(pathValues[i])))));
      const pairs: string[] = [];
      queryParams.forEach((p, i) => query[i]?.forEach((value) => pairs.push(`${p.name}=${percentEncode(asText(value))}`)));
      if (extraQuery) pairs.push(`${percentEncode(extraQuery[0])}=${percentEncode(extraQuery[1])}`);
      const headers: Record<string, string> = {};
      if (auth.authorization !== undefined) headers.authorization = auth.authorization;
      if (auth.origin !== undefined) headers.origin = auth.origin;
      headerParams.forEach((p, i) => {
        if (headerValues[i] !== null) headers[p.name.toLowerCase()] = headerSafe(asText(headerValues[i]));
      });
      if (body.contentType !== undefined) headers['content-type'] = body.contentType;
      const hasBody = body.body !== undefined && method !== 'GET' && method !== 'HEAD';
      return { method, path: pairs.length > 0 ? `${path}?${pairs.join('&')}` : path, headers, body: hasBody ? body.body : undefined };
    });
}

/** Any operation of the document, plus paths that are not in it. */
export function fuzzRequest(openApi: { paths: Record<string, Record<string, any>> }, keys: FuzzKeys): fc.Arbitrary<FuzzRequest> {
  const operations = operationsOf(openApi);
  const unknownPath = fc.tuple(urlString, authorization(keys)).map(([segment, auth]) => ({
    method: 'GET',
    path: `/api/v1/${percentEncode(segment)}`,
    headers: Object.fromEntries(Object.entries(auth).filter(([, v]) => v !== undefined)) as Record<string, string>,
  }));
  // Operations that take a body are the widest surface (POST /feedback is open to public widget keys): drawn 3 × as often.
  const weighted = operations.map((op) => ({ weight: op.body ? 3 : 1, arbitrary: requestFor(op, keys) }));
  return fc.oneof({ weight: 12, arbitrary: fc.oneof(...weighted) }, { weight: 1, arbitrary: unknownPath });
}
