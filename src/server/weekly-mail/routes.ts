import { Hono } from "hono";
import {
  type WeeklyMailOverview,
  weeklyPreviewSchema,
  weeklyRecipientInputSchema,
} from "../../shared/admin/mail.ts";
import type { AppEnv } from "../auth/app-env.ts";
import { serverClock } from "../clock.ts";
import type { Config } from "../config.ts";
import type { Database } from "../db/database.ts";
import { ApiError } from "../http/errors.ts";
import { escapeHtml } from "../http/html.ts";
import { idParam, parseBody } from "../http/request.ts";
import type { Mailer } from "../mail/mailer.ts";
import { optOutPage as page } from "../mail/opt-out-page.ts";
import { addRecipient, findRecipient, listRecipients, removeRecipient, unsubscribe } from "./recipients.ts";
import { composeWeeklyMail, UNSUBSCRIBE_PATH, type WeeklyMailDeps } from "./send.ts";
import { verifyUnsubscribeToken } from "./unsubscribe-token.ts";
import { lastCompleteWeek, nextWeekToSend, sendTimeOf } from "./week.ts";

type Deps = { db: Database; config: Config; mailer: Mailer; now?: () => Date };

const mailDeps = (deps: Deps): WeeklyMailDeps => ({
  db: deps.db,
  mailer: deps.mailer,
  publicUrl: deps.config.publicUrl,
});

/**
 * Instellingen › Postvak, the Monday e-mail, mounted at /api/admin/weekly-mail behind the beheerder check:
 * `GET /` recipients and the next send; `POST /recipients`, `DELETE /recipients/:id`; `POST /preview`
 * sends the mail of the last complete week to the signed-in beheerder now. The schedule itself runs from
 * main.ts (scheduleWeeklyMail), which stops it at shutdown.
 */
export function weeklyMailRouter(deps: Deps): Hono<AppEnv> {
  const now = deps.now ?? serverClock();
  const router = new Hono<AppEnv>();

  router.get("/", async (c) => {
    const upcoming = nextWeekToSend(now());
    const sites = await deps.db.query<WeeklyMailOverview["sites"][number]>(
      "SELECT id, name, active FROM sites ORDER BY active DESC, name",
    );
    return c.json<WeeklyMailOverview>({
      recipients: await listRecipients(deps.db),
      next: {
        weekFrom: upcoming.from,
        weekTo: upcoming.to,
        isoWeek: upcoming.iso.week,
        sendAt: sendTimeOf(upcoming).toISOString(),
      },
      sites,
    });
  });

  router.post("/recipients", async (c) => {
    const input = await parseBody(c, weeklyRecipientInputSchema);
    return c.json(await addRecipient(deps.db, c.get("user").email, input, now()), 201);
  });

  router.delete("/recipients/:id{[0-9]+}", async (c) => {
    await removeRecipient(deps.db, c.get("user").email, idParam(c));
    return c.body(null, 204);
  });

  router.post("/preview", async (c) => {
    const { recipientId } = await parseBody(c, weeklyPreviewSchema);
    const recipient =
      recipientId === undefined ? { id: null, siteIds: [] } : await findRecipient(deps.db, recipientId);
    if (!recipient) {
      throw new ApiError(404, "not_found", "Deze ontvanger bestaat niet (meer).", [
        { path: "recipientId", message: "Deze ontvanger bestaat niet (meer)." },
      ]);
    }
    const at = now();
    const mail = await composeWeeklyMail(mailDeps(deps), lastCompleteWeek(at), recipient, at);
    const to = c.get("user").email;
    const subject = `[Voorbeeld] ${mail.subject}`;
    const { messageId } = await deps.mailer.send({ ...mail, subject, to: [to] });
    return c.json({ to, subject, messageId, mode: deps.mailer.mode });
  });

  return router;
}

/**
 * The opt-out link of the Monday e-mail, public (no sign-in: the signed token is the proof). GET shows a
 * confirmation with a button, so that a mail scanner following links turns nothing off; POST turns the
 * mail off (also the mail client's one-click opt-out, RFC 8058).
 */
export function unsubscribeRouter(deps: { db: Database }): Hono {
  const router = new Hono();
  router.get(UNSUBSCRIBE_PATH, async (c) => {
    const token = c.req.query("token") ?? "";
    if (!token)
      return c.html(page("Voorbeeld", "Deze link komt uit een voorbeeldmail: er is niets om af te melden."));
    const id = await verifyUnsubscribeToken(deps.db, token);
    const recipient = id === null ? null : await findRecipient(deps.db, id);
    if (!recipient) return c.html(page("Link ongeldig", INVALID), 404);
    if (recipient.unsubscribedAt) return c.html(page("Al afgemeld", done(recipient.email)));
    return c.html(
      page(
        "Afmelden voor de maandagmail",
        `<p>Wil je het weekoverzicht van Wasbord niet meer ontvangen op <b>${escapeHtml(recipient.email)}</b>?</p>
<form method="post" action="${UNSUBSCRIBE_PATH}?token=${escapeHtml(encodeURIComponent(token))}">
<button type="submit" style="font:inherit;background:#c92a2a;color:#fff;border:0;border-radius:4px;padding:10px 16px;cursor:pointer">Ja, meld mij af</button>
</form>`,
      ),
    );
  });
  router.post(UNSUBSCRIBE_PATH, async (c) => {
    const id = await verifyUnsubscribeToken(deps.db, c.req.query("token") ?? "");
    const recipient = id === null ? null : await unsubscribe(deps.db, id);
    if (!recipient) return c.html(page("Link ongeldig", INVALID), 404);
    return c.html(page("Afgemeld", done(recipient.email)));
  });
  return router;
}

const INVALID =
  "<p>Deze afmeldlink is ongeldig of de ontvanger bestaat niet meer. Kopieer de link volledig uit de mail, of vraag een beheerder van Wasbord om je af te melden.</p>";

const done = (email: string) =>
  `<p>Je bent afgemeld: <b>${escapeHtml(email)}</b> krijgt het weekoverzicht van Wasbord niet meer.</p>
<p>Toch weer ontvangen? Vraag een beheerder van Wasbord om je opnieuw aan te melden.</p>`;
