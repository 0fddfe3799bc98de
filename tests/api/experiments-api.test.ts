import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiClient } from "../support/api-client.ts";
import { startWasbord, type WasbordProcess } from "../support/wasbord-process.ts";
import { signIn } from "./tracking-support.ts";

const SITE = "https://www.wasbord.nl";
const CHROME = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36";

let server: WasbordProcess;
let admin: ApiClient;
let analyst: ApiClient;

beforeAll(async () => {
  // Visitors are told apart by X-Forwarded-For, as behind a reverse proxy on this machine.
  server = await startWasbord({
    env: { AUTH_ALLOWED_DOMAINS: "wasbord.nl", TRACKING_ORIGINS: SITE, TRUSTED_PROXIES: "127.0.0.1,::1" },
  });
  admin = await signIn(server, "demo@wasbord.nl", "demo");
  analyst = await signIn(server, "analist@wasbord.nl", "analist");
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

const STOP = (version: number) => ({ version, decision: "b", conclusion: "B haalt meer aankopen." });

const HERO = {
  key: "hero-test",
  name: "Hero met prijs",
  hypothesis: "Met de prijs in beeld kopen meer bezoekers een wasbeurt.",
  metric: "conversion_rate",
  variants: [
    { key: "control", name: "Huidige hero", isControl: true },
    { key: "b", name: "Hero met prijs", weight: 1 },
  ],
};

describe("experiment definitions", () => {
  it("a beheerder creates a running experiment; everyone signed in can read it", async () => {
    const created = await admin.post("/api/experiments", HERO);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      key: "hero-test",
      status: "running",
      metric: "conversion_rate",
      guardrail: "bounce_rate",
      stoppedAt: null,
      version: 1,
      variants: [
        { key: "control", name: "Huidige hero", weight: 1, isControl: true },
        { key: "b", name: "Hero met prijs", weight: 1, isControl: false },
      ],
      phases: [{ phase: 1, endedAt: null, weights: { control: 1, b: 1 } }],
    });
    expect(created.body.phases[0].startedAt).toBe(created.body.startedAt);
    expect(Date.parse(created.body.startedAt)).toBeGreaterThan(Date.now() - 60_000);
    const list = await analyst.get("/api/experiments");
    expect(list.status).toBe(200);
    expect(list.body.map((e: { key: string }) => e.key)).toContain("hero-test");
    expect((await analyst.get("/api/experiments/hero-test")).body.name).toBe("Hero met prijs");
  });

  it("refuses a second experiment with the same key", async () => {
    const duplicate = await admin.post("/api/experiments", HERO);
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error.fields).toEqual([{ path: "key", message: "Deze sleutel is al in gebruik." }]);
  });

  it("validates variants: at least two, unique keys, exactly one control", async () => {
    const one = await admin.post("/api/experiments", { ...HERO, key: "een", variants: [HERO.variants[0]] });
    expect(one.status).toBe(422);
    expect(one.body.error.fields[0]).toEqual({
      path: "variants",
      message: "Een experiment heeft minstens twee varianten.",
    });
    const twice = await admin.post("/api/experiments", {
      ...HERO,
      key: "dubbel",
      variants: [HERO.variants[0], { key: "control", name: "Nog eens" }],
    });
    expect(twice.body.error.fields).toContainEqual({
      path: "variants[1].key",
      message: 'De variant "control" staat er twee keer in.',
    });
    const noControl = await admin.post("/api/experiments", {
      ...HERO,
      key: "geen-controle",
      variants: [
        { key: "a", name: "A" },
        { key: "b", name: "B" },
      ],
    });
    expect(noControl.body.error.fields).toEqual([
      { path: "variants", message: "Markeer precies één variant als controle." },
    ]);
    const badKey = await admin.post("/api/experiments", { ...HERO, key: "Met spaties" });
    expect(badKey.body.error.fields[0].path).toBe("key");
  });

  it("lets an analist read but not create or stop", async () => {
    expect((await analyst.post("/api/experiments", { ...HERO, key: "analist" })).status).toBe(403);
    expect((await analyst.post("/api/experiments/hero-test/stop", STOP(1))).status).toBe(403);
  });

  it("starts a draft and stops a running experiment once, recording the decision", async () => {
    const draft = await admin.post("/api/experiments", { ...HERO, key: "concept", start: false });
    expect(draft.body).toMatchObject({ status: "draft", startedAt: null, version: 1 });
    expect(draft.body.phases).toEqual([
      { phase: 1, startedAt: null, endedAt: null, weights: { control: 1, b: 1 } },
    ]);
    expect((await admin.post("/api/experiments/concept/stop", STOP(1))).status).toBe(409);
    const started = await admin.post("/api/experiments/concept/start", { version: 1 });
    expect(started.body).toMatchObject({ status: "running", version: 2 });
    expect(started.body.phases[0].startedAt).toBe(started.body.startedAt);
    const stopped = await admin.post("/api/experiments/concept/stop", STOP(2));
    expect(stopped.body).toMatchObject({
      status: "stopped",
      stoppedAt: expect.any(String),
      decision: "b",
      conclusion: "B haalt meer aankopen.",
      version: 3,
    });
    expect(stopped.body.phases[0].endedAt).toBe(stopped.body.stoppedAt);
    const again = await admin.post("/api/experiments/concept/stop", STOP(3));
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe("Dit experiment is al gestopt.");
    expect((await admin.post("/api/experiments/bestaat-niet/stop", STOP(1))).status).toBe(404);
  });

  it("refuses a stop without a conclusion or with an unknown decision, and changes nothing", async () => {
    await admin.post("/api/experiments", { ...HERO, key: "besluit" });
    const empty = await admin.post("/api/experiments/besluit/stop", {
      version: 1,
      decision: "b",
      conclusion: " ",
    });
    expect(empty.status).toBe(422);
    expect(empty.body.error.fields).toEqual([
      { path: "conclusion", message: "Schrijf op wat er besloten is en waarom." },
    ]);
    const unknown = await admin.post("/api/experiments/besluit/stop", { ...STOP(1), decision: "z" });
    expect(unknown.status).toBe(422);
    expect(unknown.body.error.fields).toEqual([
      { path: "decision", message: 'Het experiment heeft geen variant "z".' },
    ]);
    expect((await admin.get("/api/experiments/besluit")).body).toMatchObject({
      status: "running",
      version: 1,
    });
  });

  it("starts a new phase when the weights change; a stale version is refused with 409", async () => {
    await admin.post("/api/experiments", { ...HERO, key: "fasen" });
    const changed = await admin.post("/api/experiments/fasen/weights", {
      version: 1,
      weights: { control: 1, b: 3 },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.version).toBe(2);
    expect(changed.body.variants.map((v: { weight: number }) => v.weight)).toEqual([1, 3]);
    const [first, second] = changed.body.phases;
    expect(first).toMatchObject({ phase: 1, weights: { control: 1, b: 1 } });
    expect(second).toMatchObject({ phase: 2, endedAt: null, weights: { control: 1, b: 3 } });
    expect(second.startedAt).toBe(first.endedAt);

    const stale = await admin.post("/api/experiments/fasen/weights", {
      version: 1,
      weights: { control: 2, b: 1 },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe("stale_version");
    const missing = await admin.post("/api/experiments/fasen/weights", {
      version: 2,
      weights: { control: 2 },
    });
    expect(missing.status).toBe(422);
    expect(missing.body.error.fields).toEqual([{ path: "weights.b", message: "Vul een gewicht in." }]);
    const same = await admin.post("/api/experiments/fasen/weights", {
      version: 2,
      weights: { control: 1, b: 3 },
    });
    expect(same.status).toBe(422);
    expect((await admin.get("/api/experiments/fasen")).body.phases).toHaveLength(2);
  });

  it("gives 409, not a failure, when two people create or start the same experiment at once", async () => {
    const creates = await Promise.all(
      [1, 2, 3].map(() => admin.post("/api/experiments", { ...HERO, key: "tegelijk" })),
    );
    expect(creates.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    await admin.post("/api/experiments", { ...HERO, key: "tegelijk-start", start: false });
    const starts = await Promise.all(
      [1, 2].map(() => admin.post("/api/experiments/tegelijk-start/start", { version: 1 })),
    );
    expect(starts.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it("writes every change to the audit log with before and after", async () => {
    const log = await admin.get("/api/admin/audit-log?entity=experiment&entityId=fasen");
    expect(log.body.map((entry: { action: string }) => entry.action)).toEqual(["weights-changed", "created"]);
    expect(log.body[0].before.version).toBe(1);
    expect(log.body[0].after.version).toBe(2);
  });
});

function collect(ip: string, body: Record<string, unknown>) {
  return fetch(`${server.url}/api/collect`, {
    method: "POST",
    headers: { origin: SITE, "user-agent": CHROME, "x-forwarded-for": ip },
    body: JSON.stringify({ site: "wasbord.nl", url: `${SITE}/`, referrer: null, width: 1280, ...body }),
  });
}
const expose = (ip: string, key: string, variant: string) =>
  collect(ip, { type: "experiment", experiment: { key, variant } });
const convert = (ip: string, value: number) =>
  collect(ip, { type: "conversion", url: `${SITE}/bedankt`, value });

describe("exposures and conversions joined per visitor", () => {
  it("counts each visitor once, in the variant of their exposure, with goal events after it", async () => {
    const steps: (() => Promise<Response>)[] = [
      () => expose("192.0.2.1", "hero-test", "control"),
      () => convert("192.0.2.1", 10),
      () => expose("192.0.2.2", "hero-test", "control"),
      () => expose("192.0.2.3", "hero-test", "B"),
      () => convert("192.0.2.3", 20),
      () => convert("192.0.2.3", 5),
      // A conversion before the exposure does not count for the experiment.
      () => convert("192.0.2.4", 30),
      () => expose("192.0.2.4", "hero-test", "b"),
      // Saw both variants: left out.
      () => expose("192.0.2.5", "hero-test", "control"),
      () => expose("192.0.2.5", "hero-test", "b"),
      () => convert("192.0.2.5", 40),
      // A variant the experiment does not have: left out.
      () => expose("192.0.2.6", "hero-test", "c"),
      // Another experiment.
      () => expose("192.0.2.7", "iets-anders", "b"),
    ];
    for (const step of steps) expect((await step()).status).toBe(202);

    const report = await analyst.get("/api/reports/experiments?experiment=hero-test");
    expect(report.status).toBe(200);
    const counts = (body: { selected: { variants: Record<string, number>[] } }) =>
      body.selected.variants.map(({ key, units, converted, conversions }) => ({
        key,
        units,
        converted,
        conversions,
      }));
    expect(counts(report.body)).toEqual([
      { key: "control", units: 2, converted: 1, conversions: 1 },
      { key: "b", units: 2, converted: 1, conversions: 2 },
    ]);
    expect(report.body.selected.excluded).toMatchObject({ multipleVariants: 1, unknownVariant: 1 });
  });

  it("stops counting when the experiment is stopped", async () => {
    const { version } = (await admin.get("/api/experiments/hero-test")).body;
    expect((await admin.post("/api/experiments/hero-test/stop", STOP(version))).status).toBe(200);
    await expose("192.0.2.8", "hero-test", "b");
    await convert("192.0.2.2", 15);
    const report = await analyst.get("/api/reports/experiments?experiment=hero-test");
    expect(
      report.body.selected.variants.map((v: { units: number; converted: number }) => [v.units, v.converted]),
    ).toEqual([
      [2, 1],
      [2, 1],
    ]);
  });
});
