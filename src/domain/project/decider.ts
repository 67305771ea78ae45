import type { Decider } from '../decider.js';
import { decideProject, type ProjectCommand } from './decide.js';
import type { ProjectEvent } from './events.js';
import { evolveProject, initialProjectState, type ProjectState } from './state.js';

export const projectDecider: Decider<ProjectState, ProjectCommand, ProjectEvent> = {
  initialState: initialProjectState,
  evolve: evolveProject,
  decide: decideProject,
};
