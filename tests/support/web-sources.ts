import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

// The screens' source, read by tests that hold every use of a component to a rule (theme.test.ts,
// loaders.test.ts): a rule checked on one screen in a browser misses the states it was not in.

const WEB = join(import.meta.dirname, "../../src/web");

/** Every .ts and .tsx file of the web app, tests left out. */
export function webSourceFiles(dir = WEB): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return webSourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.includes(".test.") ? [path] : [];
  });
}

const ATTRIBUTE = String.raw`\s+[\w-]+(?:=(?:"[^"]*"|\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}))?`;

/** Each JSX opening tag of a component named `name` (any when omitted): its file and its attributes' text. */
export function openingTags(name = String.raw`[A-Z][\w.]*`): { file: string; attributes: string }[] {
  const tag = new RegExp(`<${name}((?:${ATTRIBUTE})*)\\s*/?>`, "g");
  return webSourceFiles().flatMap((file) =>
    [...readFileSync(file, "utf8").matchAll(tag)].map(([, attributes]) => ({
      file: file.replace(/^.*src\/web\//, ""),
      attributes,
    })),
  );
}
