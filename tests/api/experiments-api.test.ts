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

const HERO = {
  key: "hero-test",
  name: "Hero met prijs",
  hypothesis: "Met de prijs in beeld kopen meer bezoekers een wasbeurt.",
  goal: "conversion",
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
      goal: "conversion",
      stoppedAt: null,
      variants: [
        { key: "control", name: "Huidige hero", weight: 1, isControl: true },
        { key: "b", name: "Hero met prijs", weight: 1, isControl: false },
      ],
    });
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
    expect((await analyst.post("/api/experiments/hero-test/stop")).status).toBe(403);
  });

  it("starts a draft and stops a running experiment, once", async () => {
    const draft = await admin.post("/api/experiments", { ...HERO, key: "concept", start: false });
    expect(draft.body).toMatchObject({ status: "draft", startedAt: null });
    expect((await admin.post("/api/experiments/concept/stop")).status).toBe(409);
    expect((await admin.post("/api/experiments/concept/start")).body.status).toBe("running");
    const stopped = await admin.post("/api/experiments/concept/stop");
    expect(stopped.body).toMatchObject({ status: "stopped", stoppedAt: expect.any(String) });
    const again = await admin.post("/api/experiments/concept/stop");
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe("Dit experiment is al gestopt.");
    expect((await admin.post("/api/experiments/bestaat-niet/stop")).status).toBe(404);
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

    const results = await analyst.get("/api/experiments/hero-test/results");
    expect(results.status).toBe(200);
    expect(results.body.variants).toEqual([
      {
        key: "control",
        name: "Huidige hero",
        weight: 1,
        isControl: true,
        visitors: 2,
        convertedVisitors: 1,
        conversions: 1,
        revenueCents: 1000,
      },
      {
        key: "b",
        name: "Hero met prijs",
        weight: 1,
        isControl: false,
        visitors: 2,
        convertedVisitors: 1,
        conversions: 2,
        revenueCents: 2500,
      },
    ]);
    expect(results.body.excluded).toEqual({ multipleVariants: 1, unknownVariant: 1 });
  });

  it("stops counting when the experiment is stopped", async () => {
    expect((await admin.post("/api/experiments/hero-test/stop")).status).toBe(200);
    await expose("192.0.2.8", "hero-test", "b");
    await convert("192.0.2.2", 15);
    const results = await analyst.get("/api/experiments/hero-test/results");
    expect(
      results.body.variants.map((v: { visitors: number; convertedVisitors: number }) => [
        v.visitors,
        v.convertedVisitors,
      ]),
    ).toEqual([
      [2, 1],
      [2, 1],
    ]);
  });
});
