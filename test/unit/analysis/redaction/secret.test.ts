import { expect } from 'chai';
import { detectSecrets } from '../../../../src/analysis/redaction/detectors/secret.js';
import { found } from './helpers.js';

describe('detectSecrets', () => {
  it('given vendor-shaped keys and a JWT, when detecting, then finds each', () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U';
    const keys = [
      'sk_live_51HxYz2eZvKYlo2C0aBcD3fGh',
      'pk_test_TYooMQauvdEDq54NiTphI7jx',
      'ghp_R4nd0mT0k3nV4lu3Xy7Zq9Lm2Np5Kd8Ws1Q',
      'AKIAIOSFODNN7EXAMPLE',
      'xoxb-2048-1234567890-AbCdEfGhIjKl',
      jwt,
    ];
    const text = keys.join(' and ');
    expect(found(text, detectSecrets(text))).to.include.members(keys);
  });
  it('given a Bearer header and a password, when detecting, then takes only the values', () => {
    const text = 'Header Bearer abcdef1234567890ABCDEFxyz. My password is Sommer2024! ok';
    expect(new Set(found(text, detectSecrets(text)))).to.deep.equal(new Set(['abcdef1234567890ABCDEFxyz', 'Sommer2024!']));
  });
  it('given a long high-entropy token without a prefix, when detecting, then finds it', () => {
    const text = 'it shows 8fJ3kL9mQ2wE5rT7yU1iO4pA6sD0gH3z on screen';
    expect(found(text, detectSecrets(text))).to.deep.equal(['8fJ3kL9mQ2wE5rT7yU1iO4pA6sD0gH3z']);
  });
  it('given order ids, SKUs, a UUID request id and plain words after "password", when detecting, then finds nothing', () => {
    const text = 'ORD-2024-00123, SKU CHR-BLK-XL-2024-EDITION-LARGE, request 3f2b8c1e-9d4a-4f6e-8b2a-1c3d5e7f9a0b, password was rejected';
    expect(detectSecrets(text)).to.deep.equal([]);
  });
  it('given OpenAI, Anthropic and Slack app keys, when detecting, then finds each', () => {
    const keys = [
      'sk-proj-Xq7Lm2Rt9Vw4Zp8Kn1Bs6Hd3Jf0Gc5Ya2Ue7Ti4Oo9Pl',
      'sk-4fJ8kL2mN6pQ9rS3tU7vW1xY5zA8bC2dE6fG0hI4jK8lM2nO',
      'sk-ant-api03-Ab1Cd2Ef3Gh4Ij5Kl6Mn7Op8',
      'xapp-1-A0123456789-1234567890123-abcdef',
    ];
    const text = keys.join(' then ');
    expect(found(text, detectSecrets(text))).to.include.members(keys);
  });
  it('given a slug that starts with "sk-" and has no digit, when detecting, then finds nothing', () => {
    expect(detectSecrets('the product sk-blue-winter-jacket-large-edition is sold out')).to.deep.equal([]);
  });
  it('given a long token inside a link, when detecting, then takes the token segment and leaves host, path and parameter names', () => {
    const text = 'open https://example.com/reset/Zk3mP9qLw2XrT8vBn4Hy5Qa7Wc or https://x.io/a?api_key=AbCdEf1234567890XyZAbC12';
    expect(new Set(found(text, detectSecrets(text)))).to.deep.equal(new Set(['Zk3mP9qLw2XrT8vBn4Hy5Qa7Wc', 'AbCdEf1234567890XyZAbC12']));
  });
  it('given a base64 value ending in padding, when detecting, then takes it whole', () => {
    const text = 'key: QWxhZGRpbjpvcGVuIHNlc2FtZTEyMzQ1Njc4OTA==';
    expect(new Set(found(text, detectSecrets(text)))).to.deep.equal(new Set(['QWxhZGRpbjpvcGVuIHNlc2FtZTEyMzQ1Njc4OTA==']));
  });
});
