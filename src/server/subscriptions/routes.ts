import { Hono } from "hono";
import { catalogueEntry } from "../../shared/reports/catalogue.ts";
import {
  type SubscriptionInput,
  type SubscriptionsOverview,
  subscriptionInputSchema,
} from "../../shared/reports/subscriptions.ts";
import type { AppEnv } from "../auth/app-env.ts";
import type { AppUser } from "../auth/users.ts";
import { serverClock } from "../clock.ts";
import type { Database, Queryable } from "../db/database.ts";
import { ApiError } from "../http/errors.ts";
import { escapeHtml } from "../http/html.ts";
import { idParam, parseBody } from "../http/request.ts";
import type { Mailer } from "../mail/mailer.ts";
import { optOutPage as page } from "../mail/opt-out-page.ts";
import { verifyOptOutToken } from "../mail/opt-out-token.ts";
import { parseReportFilters } from "../reports/filters.ts";
import { OPT_OUT_PURPOSE, SUBSCRIPTION_OPT_OUT_PATH, sendSubscriptionNow } from "./send.ts";
import {
  createSubscription,
  deleteSubscription,
  findRecipient,
  findSubscription,
  listSubscriptions,
  notFound,
  type SubscriptionRow,
  unsubscribeRecipient,
} from "./store.ts";

type Deps = { db: Database; mailer: Mailer; config: { publicUrl: string }; now?: () => Date };

const invalid = (path: string, message: string) =>
  new ApiError(422, "validation_failed", "De invoer is ongeldig.", [{ path, message }]);

/** The report and query string to mail: a saved view's own (it must be the person's), else the screen's. */
async function target(db: Queryable, user: AppUser, input: SubscriptionInput, now: Date) {
  let { report, query = "" } = input;
  if (input.savedViewId !== undefined) {
    const [view] = await db.query<{ report: string; query: string }>(
      "SELECT report, query FROM saved_views WHERE id = $1 AND user_id = $2",
      [input.savedViewId, user.id],
    );
    if (!view) throw invalid("savedViewId", "Deze weergave bestaat niet (meer).");
    ({ report, query } = view);
  }
  const entry = catalogueEntry(report);
  if (entry?.status !== "built") throw invalid("report", "Dit rapport bestaat niet.");
  const params = new URLSearchParams(query.replace(/^\?/, ""));
  const filters: Record<string, string> = {};
  for (const [key, value] of params) {
    if (key in filters) throw invalid(`query.${key}`, "Dit filter staat er twee keer in.");
    if (key === "rows") throw invalid(`query.${key}`, "Een abonnement stuurt de hele tabel al mee.");
    filters[key] = value;
  }
  try {
    await parseReportFilters(filters, db, now, entry);
  } catch (error) {
    if (!(error instanceof ApiError) || !error.fields) throw error;
    throw new ApiError(
      422,
      "validation_failed",
      "De invoer is ongeldig.",
      error.fields.map((field) => ({ ...field, path: `query.${field.path}` })),
    );
  }
  return { report, query: params.toString() };
}

/** Whether `user` may see and change a subscription: a beheerder any, anyone else the ones they made. */
const mayChange = (user: AppUser, row: SubscriptionRow) =>
  user.role === "beheerder" || row.ownerEmail === user.email;

/**
 * Report subscriptions, mounted at /api/subscriptions for every signed-in person: `GET /` lists the
 * person's own (a beheerder: all) with the next send; `POST /` subscribes (oneself; a beheerder may name
 * recipients); `DELETE /:id`; `POST /:id/send` sends it now ("Nu versturen"). The schedule runs from
 * main.ts (scheduleSubscriptionMail).
 */
export function subscriptionsRouter(deps: Deps): Hono<AppEnv> {
  const now = deps.now ?? serverClock();
  const router = new Hono<AppEnv>();
  const mailDeps = { db: deps.db, mailer: deps.mailer, publicUrl: deps.config.publicUrl };

  router.get("/", async (c) => {
    const user = c.get("user");
    const owner = user.role === "beheerder" ? null : user.email;
    return c.json<SubscriptionsOverview>({
      me: { email: user.email, role: user.role },
      subscriptions: await listSubscriptions(deps.db, owner, now()),
    });
  });

  router.post("/", async (c) => {
    const input = await parseBody(c, subscriptionInputSchema);
    const user = c.get("user");
    const others = input.recipients.filter((email) => email !== user.email);
    if (others.length > 0 && user.role !== "beheerder") {
      throw new ApiError(403, "forbidden", "Alleen een beheerder kan anderen op een rapport abonneren.", [
        { path: "recipients", message: "Je kunt alleen jezelf abonneren." },
      ]);
    }
    const at = now();
    const { report, query } = await target(deps.db, user, input, at);
    const recipients = input.recipients.length > 0 ? input.recipients : [user.email];
    const id = await createSubscription(
      deps.db,
      user.email,
      {
        report,
        query,
        name: input.name,
        cadence: input.cadence,
        weekday: input.weekday ?? null,
        monthDay: input.monthDay ?? null,
        hour: input.hour,
        recipients,
      },
      at,
    );
    const [created] = (await listSubscriptions(deps.db, null, at)).filter((s) => s.id === id);
    return c.json(created, 201);
  });

  router.delete("/:id{[0-9]+}", async (c) => {
    const row = await findSubscription(deps.db, idParam(c));
    if (!row || !mayChange(c.get("user"), row)) throw notFound();
    await deleteSubscription(deps.db, c.get("user").email, row);
    return c.body(null, 204);
  });

  router.post("/:id{[0-9]+}/send", async (c) => {
    const row = await findSubscription(deps.db, idParam(c));
    if (!row || !mayChange(c.get("user"), row)) throw notFound();
    const to = await sendSubscriptionNow(mailDeps, row, now());
    return c.json({ to, mode: deps.mailer.mode });
  });

  return router;
}

/**
 * The opt-out link of a subscription's mail, public (the signed token is the proof). GET asks first, so a
 * mail scanner following links turns nothing off; POST turns it off (also the one-click opt-out, RFC 8058).
 */
export function subscriptionOptOutRouter(deps: { db: Database }): Hono {
  const router = new Hono();
  router.get(SUBSCRIPTION_OPT_OUT_PATH, async (c) => {
    const token = c.req.query("token") ?? "";
    const id = await verifyOptOutToken(deps.db, OPT_OUT_PURPOSE, token);
    const recipient = id === null ? null : await findRecipient(deps.db, id);
    if (!recipient) return c.html(page("Link ongeldig", INVALID), 404);
    if (recipient.unsubscribedAt) return c.html(page("Al afgemeld", done(recipient)));
    return c.html(
      page(
        "Afmelden voor een abonnement",
        `<p>Wil je <b>${escapeHtml(recipient.name)}</b> niet meer ontvangen op <b>${escapeHtml(recipient.email)}</b>?</p>
<form method="post" action="${SUBSCRIPTION_OPT_OUT_PATH}?token=${escapeHtml(encodeURIComponent(token))}">
<button type="submit" style="font:inherit;background:#c92a2a;color:#fff;border:0;border-radius:4px;padding:10px 16px;cursor:pointer">Ja, meld mij af</button>
</form>`,
      ),
    );
  });
  router.post(SUBSCRIPTION_OPT_OUT_PATH, async (c) => {
    const id = await verifyOptOutToken(deps.db, OPT_OUT_PURPOSE, c.req.query("token") ?? "");
    const recipient = id === null ? null : await unsubscribeRecipient(deps.db, id);
    if (!recipient) return c.html(page("Link ongeldig", INVALID), 404);
    return c.html(page("Afgemeld", done(recipient)));
  });
  return router;
}

const INVALID =
  "<p>Deze afmeldlink is ongeldig of het abonnement bestaat niet meer. Kopieer de link volledig uit de mail, of beheer je abonnementen in Wasbord.</p>";

const done = (recipient: { email: string; name: string }) =>
  `<p>Je bent afgemeld: <b>${escapeHtml(recipient.email)}</b> krijgt <b>${escapeHtml(recipient.name)}</b> niet meer.</p>`;
