/**
 * Given/when/then for pure workflows (`decide(input, state) → output`): given the state a workflow reads,
 * when it is handed this input, then this output. Modelled on Emmett's WorkflowSpecification; the
 * workflow's executor (reading the state, writing the output) is tested apart, over real databases.
 */
import { expect } from 'chai';

export interface WorkflowDecision<Output> {
  /** The output deep-equals `expected`. */
  then(expected: Output): void;
  /** `check` holds for the output (it asserts); returns the output for further assertions. */
  thenMatches(check: (output: Output) => void): Output;
}

export interface WorkflowSpecification<Input, State, Output> {
  given(state: State): { when(input: Input): WorkflowDecision<Output> };
}

export const WorkflowSpecification = {
  for<Input, State, Output>(decide: (input: Input, state: State) => Output): WorkflowSpecification<Input, State, Output> {
    return {
      given: (state) => ({
        when: (input) => ({
          then(expected) {
            expect(decide(input, state)).to.deep.equal(expected);
          },
          thenMatches(check) {
            const output = decide(input, state);
            check(output);
            return output;
          },
        }),
      }),
    };
  },
};
