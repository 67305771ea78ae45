import { expect } from 'chai';
import { detectUrlSecrets } from '../../../../src/analysis/redaction/detectors/urlSecret.js';
import { found } from './helpers.js';

describe('detectUrlSecrets', () => {
  const planted: Array<[string, string[]]> = [
    ['reset via https://app.example.com/reset-password?token=9f8a7b6c5d4e3f2a1b0c now', ['9f8a7b6c5d4e3f2a1b0c']],
    ['https://example.com/reset/Zk3mP9qLw2XrT8vBn4Hy gives a 404.', ['Zk3mP9qLw2XrT8vBn4Hy']],
    ['https://shop.example.de/account/verify/a1b2c3d4e5f6a7b8c9d0', ['a1b2c3d4e5f6a7b8c9d0']],
    ['https://acme.io/cb?code=SplxlOBeZQQYbYS6WxSbIA&state=home', ['SplxlOBeZQQYbYS6WxSbIA']],
    ['https://files.example.fr/s/x.pdf?expires=1735689600&sig=Xk29fLq8ZpR3mT7vWc1.', ['Xk29fLq8ZpR3mT7vWc1']],
    ['https://cdn.example.com/f.csv?X-Amz-Signature=4f6a1b2c3d4e5f60&X-Amz-Expires=300', ['4f6a1b2c3d4e5f60']],
    ['https://app.example.com/#access_token=Zm9vYmFyYmF6cXV4MTIz&type=bearer', ['Zm9vYmFyYmF6cXV4MTIz']],
    ['https://example.com/invite/Kx82Lm0PqZ7tRw3N?key=AbCdEf1234567890XyZ', ['Kx82Lm0PqZ7tRw3N', 'AbCdEf1234567890XyZ']],
  ];
  for (const [text, expected] of planted) {
    it(`given "${text}", when detecting, then finds only the secret part`, () => {
      const spans = detectUrlSecrets(text);
      expect(found(text, spans)).to.deep.equal(expected);
      expect(spans.every((s) => s.type === 'secret')).to.equal(true);
    });
  }
  const lookAlikes = [
    'See https://example.com/products?page=2&sort=price_asc&category=shoes',
    'https://example.com/blog/how-to-reset-your-password and https://docs.example.com/reset/overview',
    'https://app.example.com/onboarding/verify/email is stuck',
    'https://shop.example.com/search?q=red+shoes&code=SALE10',
    'https://shop.example.com/cart?coupon=SPRING24&utm_source=newsletter',
    'https://youtube.com/watch?v=dQw4w9WgXcQ&t=120',
    'token=9f8a7b6c5d4e3f2a1b0c outside a link is not this detector’s',
  ];
  for (const text of lookAlikes) {
    it(`given the look-alike "${text}", when detecting, then finds nothing`, () => {
      expect(found(text, detectUrlSecrets(text))).to.deep.equal([]);
    });
  }
});
