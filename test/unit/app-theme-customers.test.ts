import { expect } from 'chai';
import { themeCustomerList } from '../../src/app/pages/theme-customers.js';

const customer = (userId: string, value: number | null) => ({ userId, value, band: 'watch' as const, items: 1 });

describe("a theme's customers on its page", () => {
  it('links each user, shows the value only when the project has one, and counts the ones left out', () => {
    const shown = themeCustomerList({ customers: [customer('a&b', 1200), customer('c', null)], total: 25 }, true).toString();
    expect(shown).to.include('<a href="/app/users/a%26b">a&amp;b</a>');
    expect(shown).to.include('1,200').and.include('–').and.include('Watch').and.include('1 item');
    expect(shown).to.include('and 23 more.');
    const noValue = themeCustomerList({ customers: [customer('c', 5)], total: 1 }, false).toString();
    expect(noValue).to.not.include('class="num"').and.not.include('more.');
  });

  it('says so when the theme has no known users in the period', () => {
    expect(themeCustomerList({ customers: [], total: 0 }, true).toString()).to.include('No known users in this period.');
  });
});
