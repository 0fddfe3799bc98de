import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiClient } from "../support/api-client.ts";
import { startWasbord, type WasbordProcess } from "../support/wasbord-process.ts";
import { fixture, adExportRequest as request, signIn } from "./tracking-support.ts";

// Files and requests the import refuses or has to work at, and who may import at all.

let server: WasbordProcess;
let admin: ApiClient;
let analyst: ApiClient;

beforeAll(async () => {
  // analist@wasbord.nl gets in as analist through the allowed domain; demo@ is beheerder by ADMIN_EMAILS.
  server = await startWasbord({ env: { AUTH_ALLOWED_DOMAINS: "wasbord.nl" } });
  admin = await signIn(server, "demo@wasbord.nl", "demo");
  analyst = await signIn(server, "analist@wasbord.nl", "analist");
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

describe("a broken or unusable file", () => {
  it("previews the errors per line, in Dutch, with the good lines", async () => {
    const preview = await admin.post(
      "/api/imports/preview",
      request("google-ads-broken.csv", { account: "999-999-9999" }),
    );
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ rowsRead: 4, rowsToImport: 2 });
    expect(preview.body.errors).toEqual([
      {
        row: 3,
        field: "date",
        message: 'Kolom "Day": "2026-13-02" is geen geldige datum (bijvoorbeeld 21-11-2026 of 2026-11-21)',
      },
      { row: 4, field: "clicks", message: 'Kolom "Clicks": "veel" is geen getal' },
    ]);
  });

  it("refuses to import it, names the lines, and stores nothing", async () => {
    const result = await admin.post(
      "/api/imports/commit",
      request("google-ads-broken.csv", { account: "999-999-9999" }),
    );
    expect(result.status).toBe(422);
    expect(result.body.error.code).toBe("import_has_errors");
    expect(result.body.error.fields).toEqual([
      { path: "date", row: 3, message: expect.stringContaining("2026-13-02") },
      { path: "clicks", row: 4, message: expect.stringContaining("veel") },
    ]);
    const preview = await admin.post(
      "/api/imports/preview",
      request("google-ads-broken.csv", { account: "999-999-9999" }),
    );
    expect(preview.body.periods[0].existingRows).toBe(0);
  });

  it("explains an unrecognised file and a file of the wrong platform", async () => {
    const unknown = await admin.post("/api/imports/preview", {
      fileName: "namen.csv",
      content: Buffer.from("Naam,Leeftijd\nPiet,42\n").toString("base64"),
    });
    expect(unknown.body).toMatchObject({ format: "unknown", rowsToImport: 0 });
    expect(unknown.body.errors[0].message).toMatch(/^Geen kopregel herkend/);
    const wrongPlatform = await admin.post(
      "/api/imports/preview",
      request("marktplaats-nl.csv", { platform: "google_ads" }),
    );
    expect(wrongPlatform.body.format).toBe("unknown");
    expect(
      (await admin.post("/api/imports/commit", request("marktplaats-nl.csv", { platform: "google_ads" })))
        .status,
    ).toBe(422);
  });

  it("reads a UTF-16 export with a byte-order mark", async () => {
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from(fixture("marktplaats-nl.csv").toString("utf8"), "utf16le"),
    ]);
    const preview = await admin.post("/api/imports/preview", request("admarkt.csv", { account: "x" }, utf16));
    expect(preview.body).toMatchObject({ format: "marktplaats.ad", rowsToImport: 4, errors: [] });
    expect(preview.body.rows[0].ad).toBe("Onbeperkt wassen vanaf € 24,95 p/m");
  });

  it("validates the request itself", async () => {
    const result = await admin.post("/api/imports/preview", {
      fileName: "",
      content: "%%%",
      platform: "tiktok",
    });
    expect(result.status).toBe(422);
    expect(result.body.error.fields.map((field: { path: string }) => field.path).sort()).toEqual([
      "content",
      "fileName",
      "platform",
    ]);
  });
});

describe("who may import", () => {
  it("refuses an analist", async () => {
    const result = await analyst.post(
      "/api/imports/preview",
      request("marktplaats-nl.csv", { account: "x" }),
    );
    expect(result.status).toBe(403);
  });

  it("refuses a call without the XSRF header", async () => {
    const response = await fetch(`${server.url}/api/imports/preview`, { method: "POST", body: "{}" });
    expect(response.status).toBe(403);
  });
});
