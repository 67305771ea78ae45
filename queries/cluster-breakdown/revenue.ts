/**
 * Per theme of project $1, the revenue it touches: the sum of the current customer value (the
 * project's `customerValueTrait`, spec 2.4) of the distinct users with items in it. Money, never a
 * segment: it ranks themes, it is not a breakdown value.
 */
export const REVENUE_BY_CLUSTER = `
  SELECT members.cluster_id, sum(marks.current) AS revenue
    FROM (SELECT DISTINCT fi.cluster_id, uf.user_id FROM feedback_items fi JOIN user_feedback uf ON uf.feedback_id = fi.feedback_id
           WHERE fi.project_id = $1 AND fi.cluster_id IS NOT NULL) members
    JOIN user_value_marks marks ON marks.project_id = $1 AND marks.user_id = members.user_id
     AND marks.trait = (SELECT settings->>'customerValueTrait' FROM projects WHERE project_id = $1)
   GROUP BY members.cluster_id`;
