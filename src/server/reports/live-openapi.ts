import { liveAnswerSchema } from "../../shared/live.ts";
import { access, jsonAnswer, signedInErrors } from "../http/openapi-schema.ts";

// OpenAPI path item of /api/live, from the schema the web app is typed with.

export const liveOpenApiPaths = {
  "/api/live": {
    get: {
      tags: ["reports"],
      summary:
        "Live per actieve vestiging: auto's in het laatste uur tegen de capaciteit, vandaag per 10 minuten tegen het verwachte verloop, laatste lezing per camera en laatste verkoop",
      ...access.analyst,
      responses: {
        "200": jsonAnswer("De cijfers van dit moment.", liveAnswerSchema),
        ...signedInErrors,
      },
    },
  },
};
