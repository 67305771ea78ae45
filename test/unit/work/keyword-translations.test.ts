import { expect } from 'chai';
import data from '../../../resources/keyword-translations.json' with { type: 'json' };
import { matchDefinedTheme } from '../../../src/domain/cluster/defined-match.js';
import { expandKeyword } from '../../../src/work/defined-themes/keyword-translations.js';

describe('keyword translations (resources/keyword-translations.json)', () => {
  it('lists, per English keyword, words of the analyzer’s other languages, lower case, each with stems to match', () => {
    const translations: Record<string, Record<string, string[]>> = data.translations;
    for (const [keyword, byLanguage] of Object.entries(translations)) {
      expect(keyword, keyword).to.equal(keyword.toLowerCase().trim());
      for (const [language, words] of Object.entries(byLanguage)) {
        expect(data.languages, `${keyword}: ${language}`).to.include(language);
        for (const word of words) expect(word, `${keyword}: ${language}`).to.equal(word.toLowerCase().trim());
      }
      expect(expandKeyword(keyword).phrases.every((phrase) => phrase.stems.length > 0)).to.equal(true);
    }
  });

  it('expands a listed keyword by language, and an unlisted one to itself', () => {
    const billing = expandKeyword('billing');
    expect(billing.phrases.filter((phrase) => phrase.language === undefined)).to.have.length(1);
    expect(new Set(billing.phrases.flatMap((phrase) => phrase.language ?? []))).to.deep.equal(new Set(['es', 'de', 'fr', 'pt', 'it', 'nl']));
    expect(expandKeyword('okr planner').phrases).to.deep.equal([{ stems: ['okr', 'planner'] }]);
  });

  it('brings a Spanish and a German report into a theme keyed in English', () => {
    const theme = { clusterId: 'billing', definedAt: '2026-01-01T00:00:00.000Z', joinThreshold: 0.5, keywords: [expandKeyword('invoice')] };
    expect(matchDefinedTheme({ text: 'No me llegó la factura de marzo', language: 'es' }, [theme])?.clusterId).to.equal('billing');
    expect(matchDefinedTheme({ text: 'Ich habe keine Rechnungen bekommen', language: 'de' }, [theme])?.clusterId).to.equal('billing');
    expect(matchDefinedTheme({ text: 'Where is the tracking number?', language: 'en' }, [theme])).to.equal(undefined);
  });
});
