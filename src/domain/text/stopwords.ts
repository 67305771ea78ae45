/**
 * English stop words for theme labels: function words, contractions and the filler of customer
 * feedback ("please", "really", "just") and spelled-out numbers, which say nothing about what a theme is about.
 * Lower-case, apostrophes normalised to `'`.
 */
const WORDS = `
a about above across after afterwards again against all almost alone along already also although always am among
an and another any anybody anyhow anyone anything anyway anywhere are aren't around as at back be became because
become becomes been before beforehand behind being below beside besides between beyond both but by can can't cannot
could couldn't did didn't do does doesn't doing don't done down due during each either else elsewhere enough etc even
ever every everybody everyone everything everywhere except few for from further get gets getting got gotten had hadn't
has hasn't have haven't having he he'd he'll he's her here here's hers herself him himself his how how's however i
i'd i'll i'm i've ie if in indeed instead into is isn't it it'd it'll it's its itself just keep keeps kept let let's
like lot lots made make makes many may maybe me meanwhile might mine more moreover most mostly much must mustn't my
myself namely neither never nevertheless next no nobody none nor not nothing now nowhere of off often oh ok okay on
once one ones only onto or other others otherwise ought our ours ourselves out over own per perhaps please pretty
quite rather re really same say says seem seemed seems several shall shan't she she'd she'll she's should shouldn't
since so some somebody somehow someone something sometime sometimes somewhere still such than that that's the their
theirs them themselves then thence there there's thereafter thereby therefore these they they'd they'll they're
they've thing things this those though through throughout thus to together too toward towards try tried trying
under unless until up upon us use used uses using very via want wants was wasn't way we we'd we'll we're we've well
were weren't what what's whatever when whenever where where's whereas wherever whether which while who who's whoever
whole whom whose why will with within without won't would wouldn't yeah yes yet you you'd you'll you're you've your
yours yourself yourselves
two three four five six seven eight nine ten eleven twelve twenty thirty forty fifty hundred thousand million
first second third
`;

export const STOP_WORDS: ReadonlySet<string> = new Set(WORDS.split(/\s+/).filter((w) => w !== ''));

export function isStopWord(word: string): boolean {
  return STOP_WORDS.has(word.toLowerCase().replace(/[’‘]/g, "'"));
}
