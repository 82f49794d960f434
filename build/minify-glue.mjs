// trunk post_build hook: minifies wasm-bindgen's JS glue in release builds.
// trunk's own minifier cannot parse the glue's `export { …, __wbg_init as default }` and leaves
// it as written (41 KB); terser, installed by `cargo xtask` into .tools/, can. trunk has already
// written the file's integrity hash into index.html, so the hash is replaced with the new one.
import { createHash } from "node:crypto";
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";

const { TRUNK_PROFILE, TRUNK_STAGING_DIR, TRUNK_SOURCE_DIR } = process.env;
if (TRUNK_PROFILE !== "release") process.exit(0);

let terser;
try {
  terser = createRequire(join(TRUNK_SOURCE_DIR, ".tools", "package.json"))("terser");
} catch {
  console.warn("minify-glue: terser is not in .tools/ (`cargo xtask dist` installs it); the JS glue stays as written");
  process.exit(0);
}

const integrity = (algorithm, bytes) => `${algorithm}-${createHash(algorithm).update(bytes).digest("base64")}`;
const htmlPath = join(TRUNK_STAGING_DIR, "index.html");
let html = readFileSync(htmlPath, "utf8");
for (const name of readdirSync(TRUNK_STAGING_DIR).filter((file) => file.endsWith(".js"))) {
  const path = join(TRUNK_STAGING_DIR, name);
  const source = readFileSync(path, "utf8");
  const { code } = await terser.minify(source, { module: true, compress: { passes: 2 }, mangle: true });
  writeFileSync(path, code);
  for (const algorithm of ["sha256", "sha384", "sha512"]) {
    html = html.replaceAll(integrity(algorithm, source), integrity(algorithm, code));
  }
  console.log(`minify-glue: ${name} ${source.length} -> ${code.length} bytes`);
}
writeFileSync(htmlPath, html);
