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
// Every build also gets bench.wasm, the Benchmark panel's speed-built module,
// bench-native.json, the native figures of BENCHMARKS.md, pictures.wasm, the pictures module,
// formula.wasm, the formula language, prove.wasm, the language with its prover, and
// techniques.wasm, every technique's traced code.
//
// Development builds (`trunk serve`) inject a live-reload script whose text trunk rewrites while
// serving, so no hash can match it: the policy is taken out of those builds.
import { createHash } from "node:crypto";
import { execFileSync } from "node:child_process";
import { copyFileSync, readFileSync, readdirSync, renameSync, statSync, unlinkSync, writeFileSync } from "node:fs";
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

// Every build: the pictures module (built by the pre_build hook), fetched by static/pictures.js
// the first time a reader asks for a picture.
copyFileSync(
  join(TRUNK_SOURCE_DIR, "target", "wasm32-unknown-unknown", "pictures", "pictures_module.wasm"),
  join(TRUNK_STAGING_DIR, "pictures.wasm"),
);

// Every build: the formula language (built by the pre_build hook), fetched by src/language.rs
// the first time a reader opens a formula.
copyFileSync(
  join(TRUNK_SOURCE_DIR, "target", "wasm32-unknown-unknown", "formula", "formula_module.wasm"),
  join(TRUNK_STAGING_DIR, "formula.wasm"),
);

// Every build: every technique's traced code (built by the pre_build hook), fetched by
// src/techniques.rs once the lesson is on screen; for a release, through wasm-opt with the
// page's flags (index.html), which takes it from 36.6 to 28.0 KB gzipped.
{
  const built = join(TRUNK_SOURCE_DIR, "target", "wasm32-unknown-unknown", "techniques", "techniques_module.wasm");
  const shipped = join(TRUNK_STAGING_DIR, "techniques.wasm");
  if (TRUNK_PROFILE === "release") {
    const source = readFileSync(join(TRUNK_SOURCE_DIR, "index.html"), "utf8");
    const flags = source.match(/data-wasm-opt-params="([^"]*)"/)[1].split(/\s+/).filter(Boolean);
    execFileSync("wasm-opt", ["-Oz", ...flags, built, "-o", shipped], { stdio: "inherit" });
  } else {
    copyFileSync(built, shipped);
  }
}

// Every build: the formula language with its prover (built by the pre_build hook), fetched by
// static/prove-worker.js when a reader's formula is proved.
copyFileSync(
  join(TRUNK_SOURCE_DIR, "target", "wasm32-unknown-unknown", "prove", "formula_module.wasm"),
  join(TRUNK_STAGING_DIR, "prove.wasm"),
);

// Every build: the panels module (src/bin/panels.rs: Share, Copy for an article, Compare and
// Benchmark), fetched by static/panels-loader.js once the lesson is on screen. Built here, with
// the page's own settings (a release build inherits `cargo xtask`'s size build), so that it
// shares the page's compiled crates; then wasm-bindgen's glue for it, panels.js, and for a
// release, wasm-opt with the page's flags (index.html).
{
  const release = TRUNK_PROFILE === "release";
  const built = join(TRUNK_SOURCE_DIR, "target", "wasm32-unknown-unknown", release ? "release" : "debug", "panels.wasm");
  const cargo = ["build", "--quiet", "--bin", "panels", "--target", "wasm32-unknown-unknown"];
  execFileSync("cargo", release ? [...cargo, "--release"] : cargo, { cwd: TRUNK_SOURCE_DIR, stdio: "inherit" });
  execFileSync("wasm-bindgen", ["--target", "web", "--no-typescript", "--out-dir", TRUNK_STAGING_DIR, "--out-name", "panels", built], {
    stdio: "inherit",
  });
  const bound = join(TRUNK_STAGING_DIR, "panels_bg.wasm");
  const shipped = join(TRUNK_STAGING_DIR, "panels.wasm");
  if (release) {
    const source = readFileSync(join(TRUNK_SOURCE_DIR, "index.html"), "utf8");
    const flags = source.match(/data-wasm-opt-params="([^"]*)"/)[1].split(/\s+/).filter(Boolean);
    execFileSync("wasm-opt", ["-Oz", ...flags, bound, "-o", shipped], { stdio: "inherit" });
    unlinkSync(bound);
  } else {
    renameSync(bound, shipped);
  }
}

// The native figures of the last `cargo xtask bench` (BENCHMARKS.md), for the panel to show beside
// the reader's own: which machine, and each technique's native MQueens/s, for the default x86-64
// target and for that machine's own CPU (target-cpu=native).
{
  const report = readFileSync(join(TRUNK_SOURCE_DIR, "BENCHMARKS.md"), "utf8");
  const machine = (report.match(/^Written by `cargo xtask bench` on ([^;]+);/m) || [])[1] || "";
  const native = {};
  const cpuNative = {};
  for (const [, name, rate, cpu] of report.matchAll(/^bench (\S+) native=([\d.]+)(?: cpu_native=([\d.]+))?/gm)) {
    native[name] = Number(rate);
    if (cpu !== undefined) cpuNative[name] = Number(cpu);
  }
  writeFileSync(join(TRUNK_STAGING_DIR, "bench-native.json"), JSON.stringify({ machine, native, cpuNative }));
}

// Every build: before trunk's loader starts the page's module, a check that the browser has
// WebAssembly SIMD, which the byte swap of Hyperbola Quintessence uses (sliders::swap_bytes).
// Without it the module would not compile and the page would stay blank; instead it says why.
// The probe is the smallest module with a SIMD instruction: a function returning
// i8x16.splat(0). It lives in the loader, whose hash the policy allows below.
{
  const probe = [0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 8, 1, 6, 0, 65, 0, 253, 15, 11];
  const start = /^const wasm = await init\(/m;
  if (!start.test(html)) {
    console.error("post-build: trunk's loader has no `const wasm = await init(` to guard with the SIMD check");
    process.exit(1);
  }
  const check =
    `if (!WebAssembly.validate(new Uint8Array([${probe}]))) {\n` +
    `  document.body.textContent = "Slider Lab needs WebAssembly SIMD, which this browser does not have. Chrome and Edge 91, Firefox 89 and Safari 16.4 or later have it.";\n` +
    `  throw new Error("no WebAssembly SIMD");\n}\n`;
  html = html.replace(start, (line) => check + line);
}

if (TRUNK_PROFILE !== "release") {
  writeFileSync(htmlPath, html.replace(policy, ""));
  process.exit(0);
}

const digest = (algorithm, bytes) => createHash(algorithm).update(bytes).digest("base64");
const integrity = (algorithm, bytes) => `${algorithm}-${digest(algorithm, bytes)}`;



// wasm-bindgen names each import and export after its Rust function plus a 16-digit hash
// (`__wbg_setattribute_2f4e…`), and the glue repeats every name: 5.7 KB of names that gzip
// cannot shrink, since the hashes are random. Short names in both files (`$0`, `$1`, …) save
// about 5 KB gzipped. Only the imports from the glue's own module (`./slider-lab_bg.js`, which
// becomes `g`) and the exports with wasm-bindgen's prefixes are renamed; the JS is changed by
// whole identifiers only, and the build stops if a name is not where it is expected.
function leb(bytes, at) {
  let value = 0;
  let shift = 0;
  for (;;) {
    const byte = bytes[at++];
    value += (byte & 0x7f) * 2 ** shift;
    shift += 7;
    if (byte < 0x80) return [value, at];
  }
}
function encodeLeb(value) {
  const out = [];
  do {
    let byte = value % 128;
    value = Math.floor(value / 128);
    if (value > 0) byte |= 0x80;
    out.push(byte);
  } while (value > 0);
  return out;
}
const encodeName = (name) => [...encodeLeb(Buffer.byteLength(name)), ...Buffer.from(name)];
function readName(bytes, at) {
  const [length, start] = leb(bytes, at);
  return [bytes.subarray(start, start + length).toString(), start + length];
}
// The end of an import's description: a function's type, a table, a memory, a global or a tag.
function skipImportDescription(bytes, at) {
  const kind = bytes[at++];
  const limits = (at) => {
    const flags = bytes[at++];
    [, at] = leb(bytes, at);
    if (flags & 1) [, at] = leb(bytes, at);
    return at;
  };
  if (kind === 0) return leb(bytes, at)[1];
  if (kind === 1) return limits(at + 1);
  if (kind === 2) return limits(at);
  if (kind === 3) return at + 2;
  if (kind === 4) return leb(bytes, at + 1)[1];
  throw new Error(`post-build: unknown import kind ${kind}`);
}
function shortenGlueNames(wasm, js) {
  const renamed = new Map();
  const shortName = (name) => {
    if (!renamed.has(name)) renamed.set(name, `$${renamed.size.toString(36)}`);
    return renamed.get(name);
  };
  const glueModules = new Set();
  // wasm-bindgen 0.2.130 also exports each closure's invoke shim as `wasm_bindgen_<hash>___…`.
  const glueExport = (name) => name.startsWith("__wbg") || name.startsWith("__wbindgen") || name.startsWith("wasm_bindgen_");
  const sections = [wasm.subarray(0, 8)];
  let at = 8;
  while (at < wasm.length) {
    const id = wasm[at];
    const [size, start] = leb(wasm, at + 1);
    const end = start + size;
    if (id === 2 || id === 7) {
      const [count, first] = leb(wasm, start);
      let entry = first;
      const body = [...encodeLeb(count)];
      for (let i = 0; i < count; i++) {
        if (id === 2) {
          const [module, afterModule] = readName(wasm, entry);
          const [field, afterField] = readName(wasm, afterModule);
          const afterDescription = skipImportDescription(wasm, afterField);
          const glue = module.endsWith("_bg.js");
          if (glue) glueModules.add(module);
          body.push(...encodeName(glue ? "g" : module), ...encodeName(glue ? shortName(field) : field));
          body.push(...wasm.subarray(afterField, afterDescription));
          entry = afterDescription;
        } else {
          const [name, afterName] = readName(wasm, entry);
          const afterIndex = leb(wasm, afterName + 1)[1];
          body.push(...encodeName(glueExport(name) ? shortName(name) : name), ...wasm.subarray(afterName, afterIndex));
          entry = afterIndex;
        }
      }
      sections.push(Buffer.from([id, ...encodeLeb(body.length), ...body]));
    } else {
      sections.push(wasm.subarray(at, end));
    }
    at = end;
  }
  for (const [name, short] of renamed) {
    const uses = js.split(name).length - 1;
    if (uses === 0) throw new Error(`post-build: the glue never names ${name}`);
    js = js.replace(new RegExp(`\\b${name}\\b`, "g"), short);
  }
  // The glue's imports object, keyed by the module's name: `"./slider-lab_bg.js": {…}`.
  for (const module of glueModules) {
    const key = JSON.stringify(module);
    if (js.split(key).length !== 2) throw new Error(`post-build: expected the glue to name ${key} once`);
    js = js.replace(key, '"g"');
  }
  return [Buffer.concat(sections), js, renamed.size];
}

{
  const wasmName = readdirSync(TRUNK_STAGING_DIR).find((file) => file.endsWith("_bg.wasm"));
  const jsName = wasmName.replace(/_bg\.wasm$/, ".js");
  const wasmPath = join(TRUNK_STAGING_DIR, wasmName);
  const jsPath = join(TRUNK_STAGING_DIR, jsName);
  const glue = readFileSync(jsPath, "utf8");
  const [wasm, js, count] = shortenGlueNames(readFileSync(wasmPath), glue);
  writeFileSync(wasmPath, wasm);
  writeFileSync(jsPath, js);
  for (const algorithm of ["sha256", "sha384", "sha512"]) {
    html = html.replaceAll(integrity(algorithm, glue), integrity(algorithm, js));
  }
  console.log(`post-build: ${count} glue names shortened in ${wasmName} and ${jsName}`);
}

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

// The service worker (build/sw.js, written below as sw.js): the loader registers it once the
// page has loaded, so that the page keeps working when a classroom's network drops. Release
// builds only: a development build reloads itself as its sources change.
{
  const start = /^const wasm = await init\(/m;
  const register =
    `if ("serviceWorker" in navigator) addEventListener("load", () => navigator.serviceWorker.register("./sw.js").catch(() => {}));\n`;
  html = html.replace(start, (line) => register + line);
}

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

// sw.js: the first load to cache on install, and a cache name from a hash of every file of the
// site, so that a new build gets a cache of its own.
{
  const files = readdirSync(TRUNK_STAGING_DIR, { recursive: true })
    .map(String)
    .filter((file) => file !== "sw.js" && statSync(join(TRUNK_STAGING_DIR, file)).isFile())
    .sort();
  const site = createHash("sha256");
  for (const file of files) site.update(file).update(readFileSync(join(TRUNK_STAGING_DIR, file)));
  const firstLoad = files.filter((file) => /^(slider-lab-\w+(\.js|_bg\.wasm)|main-\w+\.css|favicon-\w+\.svg)$/.test(file));
  if (firstLoad.length !== 4) {
    console.error(`post-build: expected the page's script, module, styles and icon, found ${firstLoad}`);
    process.exit(1);
  }
  const worker = readFileSync(join(TRUNK_SOURCE_DIR, "build", "sw.js"), "utf8")
    .replace("__VERSION__", site.digest("hex").slice(0, 16))
    .replace("__FIRST_LOAD__", JSON.stringify(["./", ...firstLoad.map((file) => `./${file}`)]));
  writeFileSync(join(TRUNK_STAGING_DIR, "sw.js"), worker);
  console.log(`post-build: sw.js caches ${firstLoad.length + 1} files on install`);
}
