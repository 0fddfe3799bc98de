import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * A directory whose disk can be filled up on demand, for tests of what a full disk does. Where this process
 * may mount (root), it is a small tmpfs and `fill()` writes a file until the disk has no space left: writes
 * then fail with ENOSPC, as on a real full disk. Elsewhere it is a plain directory and `fill()` lowers this
 * process's file-size limit to 0 (RLIMIT_FSIZE, through prlimit; Node ignores SIGXFSZ): every write to a
 * file then fails with EFBIG. `free()` undoes either.
 */
export interface FillableDisk {
  dir: string;
  /** "tmpfs" or "fsize-limit": which of the two ways fills it. */
  kind: "tmpfs" | "fsize-limit";
  fill: () => void;
  free: () => void;
  remove: () => void;
}

export function fillableDisk(parent: string, sizeMb = 64): FillableDisk {
  const dir = join(parent, "disk");
  mkdirSync(dir, { recursive: true });
  const filler = join(dir, "filler");
  let mounted = false;
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", `size=${sizeMb}m`, "tmpfs", dir], { stdio: "ignore" });
    mounted = true;
  } catch {
    // not allowed to mount here: the file-size limit instead
  }
  const limit = (value: string) =>
    execFileSync("prlimit", ["--pid", String(process.pid), `--fsize=${value}:`], { stdio: "ignore" });
  return {
    dir,
    kind: mounted ? "tmpfs" : "fsize-limit",
    fill: () => {
      if (!mounted) return void limit("0");
      try {
        writeFileSync(filler, Buffer.alloc(sizeMb * 1024 * 1024));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOSPC") throw error;
      }
    },
    free: () => (mounted ? rmSync(filler, { force: true }) : limit("unlimited")),
    remove: () => {
      if (mounted) execFileSync("umount", ["--lazy", dir], { stdio: "ignore" });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
