import { VALUE_DAYS } from "./definitions.ts";

// The journey sync's steps on the plates' side (journey-sync.ts runs them after session-steps.ts's).

/** How long a claimed code carries the claim session's attribution to a redemption (REPORT-DEFINITIONS §1). */
export const CLAIM_WINDOW_DAYS = 30;
/** An online sale and the conversion event the shop reports for it: same amount, at most this far apart. */
export const CONVERSION_LINK_MINUTES = 5;
/** A read more than this before a sale belongs to an earlier visit (visits merge reads 30 minutes apart). */
const VISIT_MINUTES = 30;

/** What the redemptions need of a sale. */
const REDEEMING_COLUMNS =
  "id, occurred_at, site_id, plate, voucher_code, promotion_id, discount_cents, total_cents, vat_cents";

/**
 * SQL: the journey_sessions rows of the session ids `ids` selects, found by rowid from the id column alone: a
 * join with the whole table reads every session's attribution strings for a few dozen rows (~45 ms at 1×).
 */
const sessionsOf = (ids: string) =>
  `(SELECT * FROM journey_sessions WHERE rowid IN (SELECT rowid FROM journey_sessions WHERE session_id IN (${ids})))`;

/** SQL: the plates of sales linked to a claim or conversion of journey_events (sessionSteps). */
const LINKED_PLATES = `UNION SELECT t.plate FROM transactions t JOIN journey_events e
    ON e.kind = 'voucher' AND t.voucher_code = e.voucher_code WHERE t.plate IS NOT NULL
  UNION SELECT t.plate FROM transactions t JOIN journey_events e
    ON e.kind = 'conversion' AND t.total_cents = e.revenue_cents
      AND t.occurred_at BETWEEN e.occurred_at - INTERVAL ${CONVERSION_LINK_MINUTES} MINUTE
        AND e.occurred_at + INTERVAL ${CONVERSION_LINK_MINUTES} MINUTE
    WHERE t.sales_channel = 'online' AND t.plate IS NOT NULL`;

/** SQL: the sessions credited with a redemption or customer that this round works out again. */
const CREDITED_SESSIONS = `SELECT claim_session_id AS session_id FROM journey_redemptions
  WHERE transaction_id IN (SELECT id FROM journey_redeeming) AND claim_session_id IS NOT NULL
  UNION SELECT session_id FROM journey_customers WHERE plate IN (SELECT plate FROM journey_plates)`;

/**
 * The steps on the plates' side, after sessionSteps (they read its journey_events): the plates whose journey
 * may have changed, their redemptions and acquisition worked out again, and the landing pages' daily sums
 * of the sessions credited before and after.
 */
export function plateSteps(localDate: (column: string) => string, everySaleNew: boolean): string[] {
  return [
    // Plates whose journey may have changed: with new reads or sales, or sales linked to a new or re-attributed
    // claim or conversion. When every sale is new (a build from nothing) those sales are among them: linking
    // each conversion to the sales of its amount would be work for nothing (most of a build at 10x).
    `CREATE OR REPLACE TEMP TABLE journey_touched AS
      SELECT plate FROM plate_reads WHERE rowid >= $reads AND plate IS NOT NULL AND direction = 'in'
      UNION SELECT plate FROM transactions WHERE rowid >= $transactions AND plate IS NOT NULL
      ${everySaleNew ? "" : LINKED_PLATES}`,
    // Their sales: the one pass over the sales' plates a round makes, everything below reads this.
    `CREATE OR REPLACE TEMP TABLE journey_sales AS
      SELECT ${REDEEMING_COLUMNS}, sales_channel, payment_method FROM transactions SEMI JOIN journey_touched USING (plate)`,
    // Of those, the ones a journey can be about: a redemption is a sale with a voucher code, and an acquired
    // customer's first sale redeemed one or was online. A plate with neither had no journey rows and gets
    // none, so the reads of the ~96 % others (most new reads) are not looked up every round.
    `CREATE OR REPLACE TEMP TABLE journey_plates AS
      SELECT DISTINCT plate FROM journey_sales WHERE voucher_code IS NOT NULL OR sales_channel = 'online'`,
    // The redemptions to work out again: those of the plates above, new ones (a plate or not) and those of
    // codes with a new or re-attributed claim.
    `CREATE OR REPLACE TEMP TABLE journey_redeeming AS
      SELECT ${REDEEMING_COLUMNS} FROM journey_sales WHERE voucher_code IS NOT NULL
      UNION SELECT ${REDEEMING_COLUMNS} FROM transactions WHERE rowid >= $transactions AND voucher_code IS NOT NULL
      UNION SELECT ${REDEEMING_COLUMNS} FROM transactions
        SEMI JOIN (SELECT voucher_code FROM journey_events WHERE kind = 'voucher') USING (voucher_code)`,
    // Everything known of those plates: entrance reads and sales (value = revenue excl. VAT).
    // paid: a sale without a voucher code that cost something; subscription: paid by subscription; online and
    // total (incl. VAT) link a sale to a conversion.
    `CREATE OR REPLACE TEMP TABLE journey_history AS
      SELECT plate, 'read' AS kind, read_at AS seen_at, NULL::BIGINT AS id, true AS at_site, 0::BIGINT AS value,
        false AS paid, false AS subscription, false AS online, NULL::INTEGER AS total_cents
      FROM plate_reads SEMI JOIN journey_plates USING (plate) WHERE direction = 'in'
      UNION ALL
      SELECT plate, 'sale', occurred_at, id, sales_channel = 'site', total_cents - vat_cents,
        voucher_code IS NULL AND total_cents > 0, payment_method = 'abonnement', sales_channel = 'online', total_cents
      FROM journey_sales SEMI JOIN journey_plates USING (plate)`,
    // The sessions credited with the redemptions and customers worked out again, before and after: the
    // days of journey_landing_daily to sum again.
    `CREATE OR REPLACE TEMP TABLE journey_credited AS ${CREDITED_SESSIONS}`,
    "DELETE FROM journey_redemptions WHERE transaction_id IN (SELECT id FROM journey_redeeming)",
    "DELETE FROM journey_customers WHERE plate IN (SELECT plate FROM journey_plates)",
    // seen_before: read more than 30 minutes (an earlier visit) or sold to any time before the redemption;
    // seen_last_year: the same within the 12 months before it. The follow-up of the 90 days after the
    // redemption (migration 081): the first paid sale, the sales at a site, a subscription wash.
    // A claim carries its session's attribution to a redemption within the voucher's validity (its
    // promotion's valid_from – valid_to, local dates; the till's promotion, else the voucher's) and at most
    // CLAIM_WINDOW_DAYS after the claim (REPORT-DEFINITIONS §1); a redemption outside it has no claim.
    `INSERT INTO journey_redemptions
      WITH redeeming AS (SELECT * FROM journey_redeeming), valid AS (
        SELECT t.id FROM redeeming t LEFT JOIN vouchers v ON v.code = t.voucher_code
          LEFT JOIN promotions p ON p.id = coalesce(t.promotion_id, v.promotion_id)
        WHERE p.id IS NULL OR (${localDate("t.occurred_at")} >= p.valid_from
          AND (p.valid_to IS NULL OR ${localDate("t.occurred_at")} <= p.valid_to))
      ), claims AS (
        SELECT t.id, arg_max(e.session_id, e.occurred_at) AS session_id, max(e.occurred_at) AS claimed_at
        FROM redeeming t SEMI JOIN valid USING (id)
          JOIN web_events e ON e.kind = 'voucher' AND e.voucher_code = t.voucher_code
          AND e.occurred_at <= t.occurred_at AND e.occurred_at >= t.occurred_at - INTERVAL ${CLAIM_WINDOW_DAYS} DAY
        GROUP BY t.id
      ), earlier AS (
        SELECT t.id, h.seen_at, h.kind, h.value, h.at_site, h.paid, h.subscription, t.occurred_at AS redeemed_at,
          h.kind = 'sale' AND h.seen_at > t.occurred_at AND h.seen_at < t.occurred_at + INTERVAL ${VALUE_DAYS} DAY AS following,
          (h.kind = 'read' AND h.seen_at < t.occurred_at - INTERVAL ${VISIT_MINUTES} MINUTE)
            OR (h.kind = 'sale' AND h.seen_at < t.occurred_at) AS earlier_visit
        FROM redeeming t JOIN journey_history h ON h.plate = t.plate
      ), seen AS (
        SELECT id, bool_or(earlier_visit) AS seen_before,
          bool_or(earlier_visit AND seen_at >= redeemed_at - INTERVAL 1 YEAR) AS seen_last_year,
          sum(value) FILTER (WHERE kind = 'sale' AND seen_at >= redeemed_at AND seen_at < redeemed_at + INTERVAL ${VALUE_DAYS} DAY)
            AS value_90d,
          min(seen_at) FILTER (WHERE following AND paid) AS first_paid_at,
          count(*) FILTER (WHERE following AND at_site) AS visits_90d,
          bool_or(following AND subscription) AS subscriber_90d
        FROM earlier GROUP BY id
      )
      SELECT t.id, t.occurred_at, ${localDate("t.occurred_at")}, t.site_id, t.plate, t.voucher_code, t.promotion_id,
        t.discount_cents, t.total_cents - t.vat_cents, c.session_id, c.claimed_at,
        s.channel, s.source, s.campaign, s.term, s.content,
        CASE WHEN t.plate IS NOT NULL THEN coalesce(n.seen_before, false) END,
        CASE WHEN t.plate IS NOT NULL THEN coalesce(n.seen_last_year, false) END,
        t.plate IS NOT NULL AND c.session_id IS NOT NULL AND NOT coalesce(n.seen_before, false),
        CASE WHEN t.plate IS NOT NULL THEN coalesce(n.value_90d, 0) END,
        n.first_paid_at,
        CASE WHEN t.plate IS NOT NULL THEN coalesce(n.visits_90d, 0) END,
        CASE WHEN t.plate IS NOT NULL THEN coalesce(n.subscriber_90d, false) END
      FROM redeeming t LEFT JOIN claims c ON c.id = t.id LEFT JOIN seen n ON n.id = t.id
        LEFT JOIN ${sessionsOf("SELECT session_id FROM claims")} s ON s.session_id = c.session_id`,
    // An acquired customer: the plate's first sale ever, with no read in an earlier visit, redeemed a code
    // claimed in a session or is an online sale linked to a session's conversion.
    `INSERT INTO journey_customers
      WITH firsts AS (
        SELECT plate,
          min(seen_at) FILTER (WHERE kind = 'read') AS first_read_at,
          min(seen_at) FILTER (WHERE kind = 'sale') AS first_sale_at,
          arg_min(id, (seen_at, id)) FILTER (WHERE kind = 'sale') AS first_sale_id,
          min(seen_at) FILTER (WHERE at_site) AS first_visit_at
        FROM journey_history GROUP BY plate
      ), first_sales AS (
        SELECT * FROM firsts WHERE first_sale_id IS NOT NULL
          AND (first_read_at IS NULL OR first_read_at >= first_sale_at - INTERVAL ${VISIT_MINUTES} MINUTE)
      ), conversions AS (
        SELECT f.plate, arg_min(e.session_id, abs(epoch(e.occurred_at) - epoch(h.seen_at))) AS session_id
        FROM first_sales f JOIN journey_history h ON h.id = f.first_sale_id AND h.online
          JOIN web_events e ON e.kind = 'conversion' AND e.revenue_cents = h.total_cents
            AND e.occurred_at BETWEEN h.seen_at - INTERVAL ${CONVERSION_LINK_MINUTES} MINUTE
              AND h.seen_at + INTERVAL ${CONVERSION_LINK_MINUTES} MINUTE
        GROUP BY f.plate
      ), acquired AS (
        SELECT f.*, CASE WHEN r.claim_session_id IS NOT NULL THEN 'voucher' ELSE 'conversion' END AS via,
          coalesce(r.claim_session_id, c.session_id) AS session_id,
          least(f.first_read_at, f.first_sale_at) AS first_at
        FROM first_sales f LEFT JOIN journey_redemptions r ON r.transaction_id = f.first_sale_id
          LEFT JOIN conversions c ON c.plate = f.plate
        WHERE r.claim_session_id IS NOT NULL OR c.session_id IS NOT NULL
      ), later AS (
        SELECT a.plate,
          min(h.seen_at) FILTER (WHERE h.at_site AND h.seen_at > a.first_visit_at + INTERVAL 1 HOUR) AS second_visit_at,
          coalesce(sum(h.value) FILTER (WHERE h.kind = 'sale' AND h.seen_at >= a.first_at
            AND h.seen_at < a.first_at + INTERVAL 90 DAY), 0) AS value_90d
        FROM acquired a JOIN journey_history h ON h.plate = a.plate GROUP BY a.plate
      )
      SELECT a.plate, a.via, a.first_sale_id, a.session_id, a.first_at, ${localDate("a.first_at")},
        a.first_visit_at, l.second_visit_at, s.channel, s.source, s.campaign, s.term, s.content, l.value_90d
      FROM acquired a JOIN later l USING (plate)
        JOIN ${sessionsOf("SELECT session_id FROM acquired")} s ON s.session_id = a.session_id`,
    `INSERT INTO journey_credited ${CREDITED_SESSIONS}`,
    `CREATE OR REPLACE TEMP TABLE journey_credited_dates AS
      SELECT DISTINCT local_date FROM ${sessionsOf("SELECT session_id FROM journey_credited")}`,
    "DELETE FROM journey_landing_daily WHERE day IN (SELECT local_date FROM journey_credited_dates)",
    // The credited sessions of those days only: the join hands their ids' range to the scan of web_sessions.
    `INSERT INTO journey_landing_daily
      SELECT j.local_date, w.landing_path, w.channel, sum(c.redemptions), sum(c.acquired)
      FROM (
        SELECT claim_session_id AS session_id, 1 AS redemptions, 0 AS acquired FROM journey_redemptions
        WHERE claim_session_id IS NOT NULL
        UNION ALL SELECT session_id, 0, 1 FROM journey_customers
      ) c
      JOIN (SELECT session_id, local_date FROM journey_sessions
        WHERE local_date IN (SELECT local_date FROM journey_credited_dates)) j ON j.session_id = c.session_id
      JOIN web_sessions w ON w.id = c.session_id
      GROUP BY ALL ORDER BY 1`,
  ];
}
