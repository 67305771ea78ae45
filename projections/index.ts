import type { AnyProjector } from '../src/projection-engine/projection.js';
import { appSessionsProjection } from './app-sessions/projection.js';
import { clustersProjection } from './clusters/projection.js';
import { feedbackListProjection } from './feedback-list/projection.js';
import { feedbackVectorsProjection } from './feedback-vectors/projection.js';
import { projectsProjection } from './projects/projection.js';
import { trackedQuestionsProjection } from './tracked-questions/projection.js';
import { transcriptsProjection } from './transcripts/projection.js';
import { usersProjection } from './users/projection.js';
import { userErasuresProjection } from './user-erasures/projection.js';
import { themeHistoryProjection } from './theme-history/projection.js';
import { clusterLinksProjection } from './cluster-links/projection.js';

/** Every read model, in the order they are applied to each batch. */
export function allProjections(): AnyProjector[] {
  return [
    projectsProjection,
    feedbackListProjection,
    feedbackVectorsProjection,
    clustersProjection,
    usersProjection,
    transcriptsProjection,
    trackedQuestionsProjection,
    userErasuresProjection,
    themeHistoryProjection,
    clusterLinksProjection,
    appSessionsProjection,
  ];
}
