import { totalmem } from "node:os";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

const external = { OIDC_ISSUER: "https://login.example.com" };

describe("configuration from the environment", () => {
  it("has sensible defaults", () => {
    const config = loadConfig(external);
    expect(config.port).toBe(3000);
    expect(config.env).toBe("production");
    expect(config.databasePath).toBe("data/wasbord.duckdb");
    expect(config.publicUrl).toBe("http://localhost:3000");
    expect(config.oidc).toEqual({
      issuer: "https://login.example.com",
      clientId: "wasbord-web",
      audience: "wasbord-api",
      responseType: "token",
      scope: "openid profile email phone",
    });
    expect(config.devIdp).toBeNull();
    expect(config.backup).toEqual({ dir: "data/backups", intervalHours: 24, keep: 14 });
    expect(config.trustedProxies).toEqual([]);
  });

  it("reads backup settings and the trusted proxies, refusing what is not an address or range", () => {
    const config = loadConfig({
      ...external,
      BACKUP_DIR: "/var/backups/wasbord",
      BACKUP_INTERVAL_HOURS: "6",
      BACKUP_KEEP: "30",
      TRUSTED_PROXIES: "10.0.0.0/8, 127.0.0.1,::1",
    });
    expect(config.backup).toEqual({ dir: "/var/backups/wasbord", intervalHours: 6, keep: 30 });
    expect(config.trustedProxies).toEqual(["10.0.0.0/8", "127.0.0.1", "::1"]);
    expect(() => loadConfig({ ...external, TRUSTED_PROXIES: "proxy.local" })).toThrow(/TRUSTED_PROXIES/);
    expect(() => loadConfig({ ...external, BACKUP_KEEP: "0" })).toThrow(/BACKUP_KEEP/);
  });

  it("reads the engine's memory limit in MB or GB, a quarter of the machine's by default, at most 1,5 GB", () => {
    expect(loadConfig({ ...external, MEMORY_LIMIT: "2GB" }).memoryLimitMb).toBe(2048);
    expect(loadConfig({ ...external, MEMORY_LIMIT: "1.5GB" }).memoryLimitMb).toBe(1536);
    expect(loadConfig({ ...external, MEMORY_LIMIT: "800 mb" }).memoryLimitMb).toBe(800);
    const quarter = Math.floor(totalmem() / 4 / 2 ** 20);
    expect(loadConfig(external).memoryLimitMb).toBe(Math.max(256, Math.min(1536, quarter)));
    expect(() => loadConfig({ ...external, MEMORY_LIMIT: "2" })).toThrow(/MEMORY_LIMIT.*1536MB or 1.5GB/);
    expect(() => loadConfig({ ...external, MEMORY_LIMIT: "64MB" })).toThrow(/MEMORY_LIMIT.*128MB/);
  });

  it("names the variable whose value is wrong", () => {
    expect(() => loadConfig({ ...external, PORT: "drieduizend" })).toThrow(/PORT/);
    expect(() => loadConfig({ ...external, PORT: "70000" })).toThrow(/PORT/);
    expect(() => loadConfig({ ...external, IDP_PORT: "-1" })).toThrow(/IDP_PORT/);
    expect(() => loadConfig({ OIDC_ISSUER: "not a url" })).toThrow(/OIDC_ISSUER/);
    expect(() => loadConfig({ ...external, SEED_DEMO: "misschien" })).toThrow(/SEED_DEMO/);
    expect(() => loadConfig({ ...external, OIDC_RESPONSE_TYPE: "code" })).toThrow(/OIDC_RESPONSE_TYPE/);
  });

  it("requires an issuer unless the bundled provider is asked for", () => {
    expect(() => loadConfig({})).toThrow(ConfigError);
    const dev = loadConfig({ DEV_IDP: "true", NODE_ENV: "development", IDP_PORT: "4001" });
    expect(dev.devIdp).toEqual({ port: 4001 });
    expect(dev.oidc.issuer).toBe("http://localhost:4001");
    expect(dev.oidc.responseType).toBe("id_token token");
  });

  it("refuses the bundled provider in production unless explicitly allowed", () => {
    expect(() => loadConfig({ DEV_IDP: "true" })).toThrow(/production/);
    expect(loadConfig({ DEV_IDP: "true", DEV_IDP_ALLOW_IN_PRODUCTION: "true" }).devIdp).not.toBeNull();
  });

  it("reads lists of admin e-mails and allowed domains in lower case", () => {
    const config = loadConfig({
      ...external,
      ADMIN_EMAILS: "Eva@Wasbord.nl, jan@wasbord.nl",
      AUTH_ALLOWED_DOMAINS: "Wasbord.NL",
    });
    expect(config.adminEmails).toEqual(["eva@wasbord.nl", "jan@wasbord.nl"]);
    expect(config.allowedDomains).toEqual(["wasbord.nl"]);
  });
});
