import { expect } from 'chai';
import { cutPage } from '../../../queries/feedback-list/cursor.js';

describe('list pages end at a millisecond boundary', () => {
  const row = (iso: string, seq: number) => ({ created_at: new Date(iso), list_seq: String(seq), id: `${iso}#${seq}` });
  const A = '2025-01-16T00:00:00.000Z';
  const B = '2025-01-15T00:00:00.000Z';
  const C = '2025-01-14T00:00:00.000Z';

  it('given no row beyond the limit, the page is every row and the cursor null', () => {
    expect(cutPage([row(A, 3), row(B, 2)], 2)).to.deep.equal({ page: [row(A, 3), row(B, 2)], nextBefore: null });
  });

  it("given the next row at another millisecond, the cursor is the last item's millisecond", () => {
    const { page, nextBefore } = cutPage([row(A, 4), row(B, 3), row(C, 2)], 2);
    expect(page.map((r) => r.id)).to.deep.equal([row(A, 4).id, row(B, 3).id]);
    expect(nextBefore).to.equal(B);
  });

  it('given a millisecond continuing past the limit, its items move to the next page', () => {
    const { page, nextBefore } = cutPage([row(A, 5), row(B, 4), row(B, 3), row(B, 2)], 3);
    expect(page.map((r) => r.id)).to.deep.equal([row(A, 5).id]);
    expect(nextBefore).to.equal(A);
  });

  it('given more than `limit` rows in one millisecond, the page ends inside it with a tie-breaker', () => {
    const { page, nextBefore } = cutPage([row(B, 14), row(B, 13), row(B, 12)], 2);
    expect(page).to.have.length(2);
    expect(nextBefore).to.equal(`2025-01-15T00:00:00.000000${'13'.padStart(20, '0')}Z`);
  });
});
