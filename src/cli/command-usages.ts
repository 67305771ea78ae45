import { IMPORT_FORMAT_NAMES } from '../imports/formats.js';

// What `feedbackctl help` and usage errors print for each command; apart from the commands, so that
// printing them loads none of the commands' code.

export const PROJECT_USAGE = `
  feedbackctl project create --name NAME [--origin URL]... [--customer-value-trait NAME] [--mode test|live] [--json]
  feedbackctl project list [--json]
  feedbackctl project update --project ID [--origin URL]... [--remove-origin URL]... | [--set-origins URL,URL,... | --clear-origins]
                             (--origin adds and --remove-origin removes, keeping the other origins; --set-origins replaces the list)
                             [--customer-value-trait NAME | --clear-customer-value-trait]
                             [--identity-linking auto|suggest|off] [--identity-ignore EMAIL_OR_@DOMAIN]... [--clear-identity-ignore]
                             [--exclude-title TEXT]... [--clear-excluded-titles] [--exclude-folder NAME]... [--clear-excluded-folders]
                             [--call-allowance N | --unlimited-calls]
                             [--slack-webhook URL | --clear-slack-webhook] [--slack-min-value AMOUNT | --clear-slack-min-value]
                             [--digest daily|weekly|off] [--digest-email ADDRESS]... [--clear-digest-emails]
                             [--github-webhook-secret SECRET | --clear-github-webhook-secret]
                             [--linear-webhook-secret SECRET | --clear-linear-webhook-secret]
                                        Slack: alerts for spiking and regressed themes and high-value users at risk;
                                        digests (periods in UTC) to Slack and the addresses; tracker secrets verify
                                        POST /api/v1/integrations/github|linear/PROJECT_ID. URLs and secrets are stored sealed.`;

export const KEY_USAGE = `
  feedbackctl key create --project ID --type secret|widget [--mode test|live] [--json]
  feedbackctl key revoke KEY_OR_PREFIX`;

export const PROJECTIONS_USAGE = `
  feedbackctl projections status [--json]   each projection's checkpoint, lag and parked events
  feedbackctl projections retry NAME        re-apply NAME's parked events (after a fix)`;

export const REPROJECT_USAGE = `
  feedbackctl reproject NAME|--all      rebuild read models from the event log`;

export const RECLUSTER_USAGE = `
  feedbackctl recluster [--project ID]  merge near-duplicate themes and relabel them`;

export const REEMBED_USAGE = `
  feedbackctl reembed [--project ID]    re-embed items whose vectors come from another model than the configured one`;

export const WEBHOOKS_USAGE = `
  feedbackctl webhooks deliveries --endpoint ID [--limit N]
                                        recent deliveries: event, status, attempts, last HTTP status, latency
  feedbackctl webhooks redeliver --endpoint ID --since TIME
                                        send again the endpoint's deliveries since TIME (same event ids)`;

export const QUESTION_USAGE = `
  feedbackctl question track --project ID --text TEXT [--about SUBJECT]
                                        track a question ("Are customers happy with the new onboarding?"); its verdict
                                        follows the sentiment of the feedback about SUBJECT (default: the question's
                                        words without its framing, here "new onboarding"); GET /api/v1/questions
  feedbackctl question untrack QUESTION_ID
                                        stop tracking it
  feedbackctl question list --project ID
                                        the project's tracked questions and their verdicts`;

export const ERASURE_MAINTENANCE_USAGE = `
  feedbackctl erasure-maintenance       physically remove what hard deletes left (normally every few minutes)`;

export const IMPORT_USAGE = `
  feedbackctl import FILE --project ID [--format FORMAT] [--map FIELD=Column,…] [--report PATH] [--dry-run]
                                        import a CSV export as feedback (a backfill: never alerts); rows
                                        already imported are skipped; bad rows go to PATH (default
                                        FILE.bad-rows.csv) by line number. FORMAT: ${IMPORT_FORMAT_NAMES.join(', ')}.
                                        --map fills text, title, id, userId, email, createdAt or meta.KEY`;

export const EXPORT_USAGE = `
  feedbackctl export --project ID [--format csv|ndjson] [--cluster ID] [--sentiment S] [--source S]
                     [--meta KEY:VALUE …] [--before TIME] [--out FILE] [--raw]
                                        every matching item (redacted text), as GET /feedback/export
                                        writes it; to FILE, or to standard output. CSV cells that a
                                        spreadsheet would run as formulas (=, +, -, @, tab, CR) get a
                                        leading '; --raw writes them as stored`;

export const IDENTITY_USAGE = `
  feedbackctl identity suggestions [--project ID] [--json]
                                        merge suggestions: a shadow user (known by email) and a user claiming that
                                        email, kept apart by the linking rules (suggest mode, role address, ignore
                                        list, an email another user holds); open ones first
  feedbackctl identity confirm SUGGESTION_ID
                                        merge the shadow user into the user: items, alias (a process, resumed after a crash)
  feedbackctl identity reject SUGGESTION_ID
                                        keep them apart; the pair is not suggested again`;

export const APP_LINK_USAGE = `
  feedbackctl app-link --project ID --role viewer|editor [--ttl 15m] [--json]
                                        a one-time sign-in link to the workspace (/app); --ttl from 1m to 7d;
                                        the session it starts lasts 30 days. Starts with PUBLIC_BASE_URL`;

export const APP_SESSIONS_USAGE = `
  feedbackctl app-sessions list [--project ID] [--json]
                                        workspace links and sessions: role, state, expiry (never a secret)
  feedbackctl app-sessions revoke SESSION_ID
                                        sign a session out at once, or void a link not yet used`;
