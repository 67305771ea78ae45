/**
 * Words that compromise (or our cue patterns) can mistake for people in product feedback: product and brand names,
 * UI features and verbs that start sentences ("Export is broken", "Mark as read"). Lower-case.
 */
export const PRODUCT_WORDS = new Set([
  // brands and products
  'apple', 'pay', 'google', 'android', 'iphone', 'ipad', 'mac', 'macbook', 'imac', 'chrome', 'firefox', 'safari',
  'edge', 'windows', 'microsoft', 'teams', 'zoom', 'slack', 'jira', 'notion', 'excel', 'outlook', 'gmail', 'siri',
  'alexa', 'echo', 'kindle', 'pixel', 'galaxy', 'samsung', 'spotify', 'netflix', 'paypal', 'stripe', 'shopify',
  'venmo', 'klarna', 'visa', 'mastercard', 'amex', 'dropbox', 'trello', 'asana', 'figma', 'github', 'gitlab',
  'linux', 'ubuntu', 'ios', 'ipados', 'macos', 'watch', 'airpods', 'fitbit', 'garmin', 'sonos', 'roku', 'tesla',
  'uber', 'lyft', 'amazon', 'prime', 'ebay', 'whatsapp', 'telegram', 'signal', 'discord', 'twitter', 'instagram',
  'facebook', 'linkedin', 'tiktok', 'youtube', 'twitch', 'salesforce', 'hubspot', 'zendesk', 'intercom', 'okta',
  'sso', 'saml', 'oauth', 'face', 'touch', 'id', 'cloud', 'drive', 'docs', 'sheets', 'maps', 'wallet',
  // editions and features
  'premium', 'pro', 'plus', 'max', 'mini', 'ultra', 'lite', 'basic', 'business', 'enterprise', 'starter', 'family',
  'dark', 'light', 'mode', 'export', 'import', 'sync', 'search', 'login', 'settings', 'dashboard', 'calendar',
  'inbox', 'home', 'support', 'billing', 'checkout', 'cart', 'chat', 'help', 'admin', 'team', 'workspace', 'widget',
  'autopay', 'autosave', 'offline', 'beta', 'update', 'app', 'web', 'desktop', 'mobile', 'tablet', 'reports',
  // greetings and roles
  'hi', 'hello', 'hey', 'dear', 'thanks', 'customer', 'kunde', 'client', 'cliente', 'user', 'agent', 'manager',
]);

/** Words that are first names but more often something else; trusted only after a cue ("Thanks, Mark"). */
export const AMBIGUOUS_WORDS = new Set([
  'mark', 'will', 'may', 'june', 'april', 'august', 'bill', 'grant', 'chase', 'rich', 'pat', 'sue', 'art', 'joy',
  'hope', 'faith', 'sunny', 'summer', 'winter', 'autumn', 'dawn', 'rusty', 'sky', 'star', 'ray',
]);

/** True when every word of a candidate is a guarded word; `cued` candidates are only checked against products. */
export function isGuarded(candidate: string, cued: boolean): boolean {
  const words = candidate.toLowerCase().split(/[^\p{L}]+/u).filter((w) => w.length > 0);
  return words.length === 0 || words.every((w) => PRODUCT_WORDS.has(w) || (!cued && AMBIGUOUS_WORDS.has(w)));
}
