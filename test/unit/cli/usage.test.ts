import { expect } from 'chai';
import { FULL_USAGE, relevantUsage, usageMessage } from '../../../src/cli/usage.js';

describe('feedbackctl usage lines (a mistake shows the line it concerns)', () => {
  it('a subcommand gets its own line only', () => {
    expect(relevantUsage(['key', 'create', '--type', 'secret'])).to.deep.equal([
      '  feedbackctl key create --project ID --type secret|widget [--mode test|live] [--json]',
    ]);
  });

  it('an entry spread over several lines comes whole', () => {
    const [entry, ...rest] = relevantUsage(['project', 'update']);
    expect(rest).to.deep.equal([]);
    expect(entry.split('\n')).to.have.length.greaterThan(1);
    expect(entry).to.include('--clear-excluded-folders');
  });

  it('an unknown subcommand gets every line of its command', () => {
    expect(relevantUsage(['projections', 'rewind']).map((entry) => entry.trim().split(/\s+/).slice(0, 3).join(' '))).to.deep.equal([
      'feedbackctl projections status',
      'feedbackctl projections retry',
    ]);
  });

  it('an unknown command gets no line but the list of commands and a pointer to help', () => {
    expect(relevantUsage(['frobnicate'])).to.deep.equal([]);
    expect(usageMessage('unknown command "frobnicate"', ['frobnicate']))
      .to.include('feedbackctl help')
      .and.include('project, key');
  });

  it('the full usage names every command', () => {
    for (const command of [
      'project create',
      'project list',
      'project update',
      'key create',
      'key revoke',
      'projections status',
      'projections retry',
      'reproject',
      'recluster',
      'reembed',
      'erasure-maintenance',
      'serve',
    ]) {
      expect(FULL_USAGE).to.include(`feedbackctl ${command}`);
    }
  });
});
