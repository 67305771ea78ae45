/**
 * The steps of erasing an end user (spec 4.7), in order: `erase-feedback` deletes each of their
 * items through the feedback deletion; `erase-profile` records `UserErased` in the user's stream
 * (the read models drop the profile) and erases that stream; `scrub-deliveries` removes their id
 * from webhook payloads still in the outbox.
 */
export const USER_ERASURE_STEPS = ['erase-feedback', 'erase-profile', 'scrub-deliveries'] as const;
export type UserErasureStep = (typeof USER_ERASURE_STEPS)[number];

/**
 * The record of one erasure. The request and its steps name the user, so they live in
 * `user-erasure-<requestId>`, erased at the end; the outcome (ids and times only) stays in
 * `user-erasure-outcome-<requestId>`, so the request's status survives a rebuild.
 */
export type UserErasureEvent =
  | { type: 'UserErasureRequested'; data: { requestId: string; projectId: string; userId: string; requestedAt: string } }
  | { type: 'UserErasureStepCompleted'; data: { requestId: string; step: UserErasureStep; at: string } }
  | { type: 'UserErasureCompleted'; data: { requestId: string; projectId: string; requestedAt: string; completedAt: string } };

export const userErasureStream = (requestId: string) => `user-erasure-${requestId}`;
export const userErasureOutcomeStream = (requestId: string) => `user-erasure-outcome-${requestId}`;
