import { expect } from 'chai';
import { detectionText } from '../../../../src/analysis/redaction/detectionText.js';

describe('detectionText', () => {
  it('given full-width digits, letters and signs, when folding, then gives their ASCII forms', () => {
    expect(detectionText('０９０－１２３４－５６７８')).to.equal('090-1234-5678');
    expect(detectionText('ｔａｒｏ＠ｅｘａｍｐｌｅ．ｊｐ')).to.equal('taro@example.jp');
  });
  it('given dash look-alikes, when folding, then only those between digits become hyphens', () => {
    expect(detectionText('(415) 555–0132, 090ー1234ー5678, 2019 – 2023')).to.equal('(415) 555-0132, 090-1234-5678, 2019 – 2023');
  });
  it('given CJK text around a number, when folding, then the CJK characters become boundaries, not letters or spaces', () => {
    const folded = detectionText('電話は090-1234-5678まで');
    expect(folded.slice(3, 16)).to.equal('090-1234-5678');
    expect(folded.slice(0, 3)).to.match(/^[^\p{L}\p{N}\s]{3}$/u);
  });
  it('given any text, including characters outside the BMP, when folding, then keeps its length', () => {
    for (const text of ['電話は𠀋０９０', 'plain ASCII', 'émoji 😀 and ｆｕｌｌ', '한국어 010-1234-5678']) {
      expect(detectionText(text)).to.have.length(text.length);
    }
  });
});
