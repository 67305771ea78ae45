import { expect } from 'chai';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { RESPONSE_EXAMPLES } from '../../src/http/openapi-examples.js';
import { serviceOpenApiDocument } from '../support/openapi-document.js';

/** The members of `components.schemas` in openapi-typescript's output: the client's named types. */
function namedSchemaTypes(file: ts.SourceFile): string[] {
  const components = file.statements.find((s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === 'components');
  const schemas = components?.members.find((m): m is ts.PropertySignature => ts.isPropertySignature(m) && m.name.getText(file) === 'schemas');
  if (!schemas?.type || !ts.isTypeLiteralNode(schemas.type)) throw new Error('no components.schemas in the generated types');
  return schemas.type.members.map((member) => member.name!.getText(file));
}

function countNodes(file: ts.SourceFile, matches: (node: ts.Node) => boolean): number {
  let count = 0;
  const visit = (node: ts.Node) => {
    if (matches(node)) count++;
    ts.forEachChild(node, visit);
  };
  visit(file);
  return count;
}

/** Type errors of the generated file, with each example assigned to its named type (so the examples are client-valid too). */
async function typeErrors(source: string): Promise<string[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'openapi-client-'));
  try {
    const file = path.join(dir, 'client.ts');
    const usage = Object.entries(RESPONSE_EXAMPLES).map(
      ([name, example]) => `export const ${name}Example: components['schemas']['${name}'] = ${JSON.stringify(example)};`,
    );
    await writeFile(file, [source, ...usage].join('\n'));
    const program = ts.createProgram([file], { noEmit: true, strict: true, skipLibCheck: true, types: [], target: ts.ScriptTarget.ES2022 });
    return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('a client generated from the OpenAPI document (openapi-typescript) has one type per resource', function () {
  this.timeout(60_000);
  let source: string;
  let file: ts.SourceFile;

  before(async () => {
    source = astToString(await openapiTS(serviceOpenApiDocument()));
    file = ts.createSourceFile('client.ts', source, ts.ScriptTarget.Latest, true);
  });

  it('names every resource, envelope and enum', () => {
    const names = namedSchemaTypes(file);
    console.log(`      openapi-typescript: ${names.length} named schema types (${names.join(', ')})`);
    expect(names).to.include.members([
      'FeedbackItem',
      'FeedbackDetail',
      'FeedbackAccepted',
      'FeedbackList',
      'SearchResult',
      'SearchResults',
      'Cluster',
      'ClusterList',
      'ClusterDetail',
      'Ping',
      'Project',
      'Problem',
      'Sentiment',
      'FeedbackType',
      'Emotion',
      'FeedbackSource',
      'FeedbackStatus',
      'ClusterStatus',
      'KeyType',
      'KeyMode',
    ]);
  });

  it('spells out the feedback item and the cluster once, and refers to them everywhere else', () => {
    const declares = (name: string) => (node: ts.Node) => ts.isPropertySignature(node) && node.name.getText(file) === name;
    expect(countNodes(file, declares('sentimentScore')), 'FeedbackItem fields').to.equal(1);
    expect(countNodes(file, declares('childCount')), 'Cluster fields').to.equal(1);
    const refersTo = (name: string) => (node: ts.Node) => ts.isIndexedAccessTypeNode(node) && node.getText(file) === `components["schemas"]["${name}"]`;
    // FeedbackList, FeedbackDetail, SearchResult, ClusterDetail, and the operations' responses.
    expect(countNodes(file, refersTo('FeedbackItem'))).to.be.at.least(4);
    expect(countNodes(file, refersTo('Cluster'))).to.be.at.least(3);
  });

  it('compiles, and every response example is a value of its type', async () => {
    expect(await typeErrors(source)).to.deep.equal([]);
  });
});
