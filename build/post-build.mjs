// trunk post_build hook: finishes index.html and the JS glue.
//
// Release builds:
// - Minify wasm-bindgen's JS glue with terser. trunk's own minifier cannot parse the glue's
//   `export { …, __wbg_init as default }` and leaves it as written (41 KB); terser, installed by
//   `cargo xtask` into .tools/, can. trunk has already written the file's integrity hash into
//   index.html, so that hash is replaced with the new one.
// - Drop the `integrity` of the wasm preload: browsers ignore it for `as=fetch` preloads and say
//   so in the console (the fetch itself is still checked by the module's own integrity).
// - Fill the Content-Security-Policy's script hash with the hash of trunk's inline loader, the
//   only inline script, so the policy can forbid every other.
//
// Every build also gets bench.wasm, the Benchmark panel's speed-built module, and
// bench-native.json, the native figures of BENCHMARKS.md.
//
// Development builds (`trunk serve`) inject a live-reload script whose text trunk rewrites while
// serving, so no hash can match it: the policy is taken out of those builds.
import { createHash } from "node:crypto";
import { copyFileSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";

const { TRUNK_PROFILE, TRUNK_STAGING_DIR, TRUNK_SOURCE_DIR } = process.env;
const htmlPath = join(TRUNK_STAGING_DIR, "index.html");
let html = readFileSync(htmlPath, "utf8");
const policy = /<meta[^>]*http-equiv="?Content-Security-Policy"?[^>]*>/i;

// Every build: the Benchmark panel's speed-built module (built by the pre_build hook).
copyFileSync(
  join(TRUNK_SOURCE_DIR, "target", "wasm32-unknown-unknown", "speed", "sliders_bench.wasm"),
  join(TRUNK_STAGING_DIR, "bench.wasm"),
);

// The native figures of the last `cargo xtask bench` (BENCHMARKS.md), for the panel to show beside
// the reader's own: which machine, and each technique's native MQueens/s.
{
  const report = readFileSync(join(TRUNK_SOURCE_DIR, "BENCHMARKS.md"), "utf8");
  const machine = (report.match(/^Written by `cargo xtask bench` on ([^;]+);/m) || [])[1] || "";
  const native = {};
  for (const [, name, rate] of report.matchAll(/^bench (\S+) native=([\d.]+)/gm)) native[name] = Number(rate);
  writeFileSync(join(TRUNK_STAGING_DIR, "bench-native.json"), JSON.stringify({ machine, native }));
}

if (TRUNK_PROFILE !== "release") {
  writeFileSync(htmlPath, html.replace(policy, ""));
  process.exit(0);
}

const digest = (algorithm, bytes) => createHash(algorithm).update(bytes).digest("base64");
const integrity = (algorithm, bytes) => `${algorithm}-${digest(algorithm, bytes)}`;

let terser;
try {
  terser = createRequire(join(TRUNK_SOURCE_DIR, ".tools", "package.json"))("terser");
} catch {
  console.warn("post-build: terser is not in .tools/ (`cargo xtask dist` installs it); the JS glue stays as written");
}
if (terser) {
  for (const name of readdirSync(TRUNK_STAGING_DIR).filter((file) => file.endsWith(".js"))) {
    const path = join(TRUNK_STAGING_DIR, name);
    const source = readFileSync(path, "utf8");
    const { code } = await terser.minify(source, { module: true, compress: { passes: 2 }, mangle: true });
    writeFileSync(path, code);
    for (const algorithm of ["sha256", "sha384", "sha512"]) {
      html = html.replaceAll(integrity(algorithm, source), integrity(algorithm, code));
    }
    console.log(`post-build: minified ${name}, ${source.length} -> ${code.length} bytes`);
  }
}

// <link ... rel=preload type=application/wasm integrity=…>: the attribute goes, quoted or not.
html = html.replace(/<link\b[^>]*\brel="?preload"?[^>]*>/gi, (link) =>
  /application\/wasm/.test(link) ? link.replace(/\s+integrity=("[^"]*"|[^\s>]+)/i, "") : link,
);

const inline = [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)].map((match) => match[1]);
if (inline.length !== 1) {
  console.error(`post-build: expected trunk's one inline loader script, found ${inline.length}`);
  process.exit(1);
}
const loaderHash = `'sha256-${digest("sha256", inline[0])}'`;
if (!html.includes("'sha256-LOADER'")) {
  console.error("post-build: index.html has no Content-Security-Policy with 'sha256-LOADER' to fill");
  process.exit(1);
}
html = html.replace("'sha256-LOADER'", loaderHash);
console.log(`post-build: Content-Security-Policy allows the loader ${loaderHash}`);
writeFileSync(htmlPath, html);
