import { expect } from 'chai';
import type { Database, Queryable } from '../../src/db/database.js';
import { openDatabase } from '../../src/db/open-database.js';
import { knownTopicsOncePerProject } from '../../src/work/known-topics.js';

describe('known topics for one analysis batch', () => {
  let db: Database;

  before(async () => {
    db = await openDatabase({ dataDir: 'memory://', holder: 'test' });
    // The columns of the feedback_items read model that knownTopics reads.
    await db.query(`CREATE TABLE feedback_items (project_id text NOT NULL, topic text, created_at timestamptz NOT NULL, list_seq bigint NOT NULL)`);
    const rows: [string, string | null][] = [
      ['proj_a', 'Sign in'],
      ['proj_a', 'Dark mode'],
      ['proj_a', 'Sign in'],
      ['proj_a', null],
      ['proj_b', 'Data export'],
    ];
    for (const [i, [project, topic]] of rows.entries()) {
      await db.query(`INSERT INTO feedback_items VALUES ($1, $2, now(), $3)`, [project, topic, i]);
    }
  });
  after(() => db.close());

  it("given several items of a project analysed together, then the project's topics are read once and every item gets them", async () => {
    const statements: string[] = [];
    const counting: Queryable = { query: (sql, params) => (statements.push(sql), db.query(sql, params)) };
    const knownTopicsOf = knownTopicsOncePerProject(counting);

    const lists = await Promise.all(['proj_a', 'proj_b', 'proj_a', 'proj_a', 'proj_b'].map((project) => knownTopicsOf(project)));

    expect(statements).to.have.length(2);
    expect(lists[0]).to.deep.equal(['Sign in', 'Dark mode']);
    expect(lists[2]).to.deep.equal(['Sign in', 'Dark mode']).and.to.equal(lists[0]);
    expect(lists[1]).to.deep.equal(['Data export']);
    expect(await knownTopicsOncePerProject(counting)('proj_c'), 'a project without topics').to.deep.equal([]);
    expect(statements, 'a new batch reads again').to.have.length(3);
  });
});
