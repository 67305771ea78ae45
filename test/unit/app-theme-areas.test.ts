import { expect } from 'chai';
import type { TaxonomyEntry } from '../../queries/clusters/theme-taxonomy.js';
import type { ThemeTrend } from '../../queries/trends/theme-trends.js';
import { keywordList } from '../../src/app/keyword-list.js';
import { groupByArea } from '../../src/app/pages/theme-areas.js';

const trend = (id: string, count: number, churnRiskCount = 0): ThemeTrend => ({
  id,
  label: id,
  status: 'active',
  muted: false,
  count,
  previous: 1,
  growth: null,
  sentiment: { positive: 0, neutral: count, negative: 0 },
  revenue: 0,
  churnRiskCount,
  new: false,
  spiking: false,
  regressed: false,
  firstSeenAt: null,
  lastSeenAt: null,
});
const entry = (id: string, parentId: string | null, isParent = false): [string, TaxonomyEntry] => [
  id,
  { id, label: id, origin: parentId || isParent ? 'defined' : 'discovered', parentId, isParent },
];

describe('workspace: themes grouped by parent area', () => {
  it('puts children under their area with a roll-up of the area’s own and its children’s figures; the rest under no area, in rank order', () => {
    const themes = [trend('a', 5, 1), trend('big', 9), trend('b', 3, 2), trend('area2', 4), trend('c', 1)];
    const taxonomy = new Map([
      entry('a', 'area1'),
      entry('b', 'area1'),
      entry('area1', null, true),
      entry('area2', null, true),
      entry('big', null),
      entry('c', null),
    ]);
    const series = new Map([
      ['a', [1, 4]],
      ['b', [2, 1]],
      ['area2', [0, 4]],
    ]);
    const { areas, unfiled } = groupByArea(themes, taxonomy, series);
    expect(areas.map((area) => area.parent.id)).to.deep.equal(['area1', 'area2']);
    const [first, second] = areas;
    expect(first.own).to.equal(undefined);
    expect(first.children.map((t) => t.id)).to.deep.equal(['a', 'b']);
    expect(first.rollup).to.deep.include({ count: 8, previous: 2, churnRiskCount: 3, series: [3, 5] });
    expect(first.rollup.sentiment).to.deep.equal({ positive: 0, neutral: 8, negative: 0 });
    expect(second.own?.id, 'a parent with items of its own and no child in the list is still an area').to.equal('area2');
    expect(second.rollup.count).to.equal(4);
    expect(unfiled.map((t) => t.id)).to.deep.equal(['big', 'c']);
  });

  it('given every area’s figures over all its items, then an area’s row counts the themes the page does not list, and an area with none listed still has its row', () => {
    const themes = [trend('a', 5), trend('c', 1)];
    const taxonomy = new Map([entry('a', 'area1'), entry('area1', null, true), entry('area3', null, true), entry('c', null)]);
    const figures = (count: number, themesInArea: number) => ({
      count,
      previous: 2,
      churnRiskCount: 1,
      sentiment: { positive: 0, neutral: count, negative: 0 },
      series: [count],
      themes: themesInArea,
    });
    const rollups = new Map([
      ['area1', figures(12, 4)],
      ['area3', figures(7, 2)],
    ]);
    const { areas, unfiled } = groupByArea(themes, taxonomy, new Map([['a', [5]]]), rollups);
    expect(areas.map((area) => [area.parent.id, area.rollup.count, area.children.length, area.themes])).to.deep.equal([
      ['area1', 12, 1, 4],
      ['area3', 7, 0, 2],
    ]);
    expect(unfiled.map((t) => t.id)).to.deep.equal(['c']);
  });
});

describe('workspace: keywords typed into a form', () => {
  it('splits on commas and line breaks, trims, and drops blank entries (the command normalises and checks the rest)', () => {
    expect(keywordList('Invoice, refund\r\ncharged  twice,\n, ')).to.deep.equal(['Invoice', 'refund', 'charged  twice']);
    expect(keywordList('')).to.deep.equal([]);
  });
});
