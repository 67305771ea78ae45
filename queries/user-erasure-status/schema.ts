import { Type } from '@sinclair/typebox';

export const DeletionRequestParams = Type.Object({
  requestId: Type.String({ minLength: 1, maxLength: 64, pattern: '^del_[0-9a-f]{32}$', description: 'The `requestId` of a `DELETE /api/v1/users/{userId}`.' }),
});

/** Spec 2.8, with the times added (an extension). */
export const UserDeletionSchema = Type.Object({
  requestId: Type.String(),
  status: Type.Union([Type.Literal('pending'), Type.Literal('completed')], {
    description: '`pending` until every trace of the user is erased, then `completed`.',
  }),
  requestedAt: Type.String({ format: 'date-time' }),
  completedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description: 'Null while pending.' }),
});
