// Every file below a folder, for the scripts that walk dist/ (postbuild.mjs compresses each,
// measure.mjs counts their bytes).
import { readdir } from "node:fs/promises";
import { join } from "node:path";

/** The paths of every file below `dir`, folders walked depth first. */
export async function filesUnder(dir) {
  const out = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await filesUnder(path)));
    else out.push(path);
  }
  return out;
}
