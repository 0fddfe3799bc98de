import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { Providers } from "./app/providers.tsx";
import { createRouter } from "./app/router.tsx";
import { loadRuntimeConfig } from "./lib/runtime-config.ts";

const root = createRoot(document.getElementById("root") as HTMLElement);

loadRuntimeConfig()
  .then(() => {
    root.render(
      <StrictMode>
        <Providers>
          <RouterProvider router={createRouter()} />
        </Providers>
      </StrictMode>,
    );
  })
  // The spec: start-up errors are logged to the console. A person still gets a line of text.
  .catch((error) => {
    console.error("Wasbord could not start:", error);
    const message = document.createElement("p");
    message.textContent =
      "Wasbord kon niet starten: de server is niet bereikbaar. Probeer het later opnieuw.";
    message.setAttribute("role", "alert");
    document.getElementById("root")?.replaceChildren(message);
  });
