import { relative } from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The order the unit and API files start in. Vitest starts the longest first when its cache knows how long
 * each took; a fresh clone (CI) knows none, and it then starts the largest files first. That put the two
 * property tests (`*.slow.test.ts`, 100–300 s each, small files) last, side by side, with every other file
 * done: in a loaded CI run on 2 cores the two workers were busy 1,19 on average and the phase took 1 208 s
 * for 1 438 s of files. Without a known duration, the property tests start first, then the API tests (each
 * starts a server process of its own; the crash test is the longest file after the property tests), then
 * the rest, largest first as before.
 */
export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const known = (file: TestSpecification) =>
      this.ctx.cache.getFileTestResults(
        `${file.project.name}:${relative(this.ctx.config.root, file.moduleId)}`,
      ) !== undefined;
    if (sorted.every(known)) return sorted;
    const rank = (file: TestSpecification) =>
      file.moduleId.endsWith(".slow.test.ts") ? 0 : file.moduleId.includes("/tests/api/") ? 1 : 2;
    // Array.prototype.sort is stable: within a rank, Vitest's own order stays.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
