import { Hono } from "hono";
import {
  type AnnotationsAnswer,
  annotationsQuerySchema,
  noteCreateSchema,
} from "../../shared/annotations/annotations.ts";
import { adminChange } from "../audit/change.ts";
import type { AppEnv } from "../auth/app-env.ts";
import { requireRole } from "../auth/authenticate.ts";
import { serverClock } from "../clock.ts";
import type { Database } from "../db/database.ts";
import { validationError } from "../http/errors.ts";
import { idParam, parseBody } from "../http/request.ts";
import { annotationsFor } from "./annotations.ts";
import { createNote, deleteNote } from "./notes.ts";
import { annotationScope } from "./scope.ts";

/**
 * `/api/annotations`: everyone signed in reads what the charts mark for a period and sites; beheerders add
 * and delete notes (one at a time, audited, through adminChange).
 */
export function createAnnotationsRouter(deps: { db: Database; now?: () => Date }): Hono<AppEnv> {
  const { db } = deps;
  const now = deps.now ?? serverClock();
  const router = new Hono<AppEnv>();

  router.get("/", async (c) => {
    const query = annotationsQuerySchema.safeParse(c.req.query());
    if (!query.success) throw validationError(query.error);
    const scope = await annotationScope(db, query.data);
    const answer: AnnotationsAnswer = {
      annotations: await annotationsFor(db, scope, now()),
      editable: c.get("user").role === "beheerder",
    };
    return c.json(answer);
  });

  router.post("/", requireRole("beheerder"), async (c) => {
    const input = await parseBody(c, noteCreateSchema);
    const email = c.get("user").email;
    const note = await adminChange(db, email, (tx, audit) => createNote(tx, audit, email, input));
    return c.json(note, 201);
  });

  router.delete("/:id{[0-9]+}", requireRole("beheerder"), async (c) => {
    const id = idParam(c);
    await adminChange(db, c.get("user").email, (tx, audit) => deleteNote(tx, audit, id));
    return c.body(null, 204);
  });

  return router;
}
