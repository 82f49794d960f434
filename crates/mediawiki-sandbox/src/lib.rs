//! A throwaway MediaWiki for tests: Debian's `mediawiki` package (1.39 LTS), installed with
//! SQLite into a temporary folder (the wiki's code is linked, read-only; settings, images and
//! database are the folder's own), removed when dropped. It renders wikitext with its
//! `maintenance/parse.php`, saves pages with `maintenance/edit.php`, and serves itself on
//! 127.0.0.1 with PHP's own web server, for a browser to look at a page with the wiki's skin.
//!
//! `cargo xtask test` installs the packages and sets `SLIDER_LAB_REQUIRE_MEDIAWIKI`: there, a
//! machine without them fails the tests that use this, instead of passing them untried.
//!
//! Test code: a wiki that cannot be set up fails the test at once, so it unwraps.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::fs;
use std::io::Write;
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const MEDIAWIKI: &str = "/usr/share/mediawiki";

/// A wiki of its own in a temporary folder, removed when dropped.
pub struct Wiki {
    folder: PathBuf,
}

impl Wiki {
    /// Installs a throwaway wiki, or `None` (where it may be) when this machine has no MediaWiki.
    pub fn set_up() -> Option<Wiki> {
        let php = Command::new("php").arg("--version").output().is_ok_and(|output| output.status.success());
        if !php || !Path::new(MEDIAWIKI).join("maintenance/parse.php").exists() {
            assert!(
                std::env::var_os("SLIDER_LAB_REQUIRE_MEDIAWIKI").is_none(),
                "SLIDER_LAB_REQUIRE_MEDIAWIKI is set, but this machine has no php or no MediaWiki in {MEDIAWIKI}"
            );
            eprintln!("no MediaWiki here (cargo xtask test installs one): the wikitable was not rendered");
            return None;
        }
        static WIKIS: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
        let number = WIKIS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let folder = std::env::temp_dir().join(format!("slider-lab-wiki-{}-{number}", std::process::id()));
        let _ = fs::remove_dir_all(&folder);
        let wiki = Wiki { folder };
        let (install, data) = (wiki.install_path(), wiki.folder.join("data"));
        fs::create_dir_all(install.join("images")).unwrap();
        fs::create_dir_all(&data).unwrap();
        // The wiki's code, shared read-only; its settings, images and database, its own.
        for entry in fs::read_dir(MEDIAWIKI).unwrap() {
            let entry = entry.unwrap();
            let name = entry.file_name();
            if !["LocalSettings.php", "images", "config", "extensions"].contains(&name.to_str().unwrap()) {
                std::os::unix::fs::symlink(entry.path(), install.join(&name)).unwrap();
            }
        }
        std::os::unix::fs::symlink(Path::new(MEDIAWIKI).join("extensions-core"), install.join("extensions")).unwrap();
        let output = wiki
            .php("maintenance/install.php")
            .args(["--dbtype", "sqlite", "--dbname", "wiki", "--server", "http://127.0.0.1", "--scriptpath", ""])
            .arg("--dbpath")
            .arg(&data)
            .arg("--confpath")
            .arg(&install)
            .args(["--pass", "a throwaway wiki's password", "Slider Lab check", "admin"])
            .output()
            .unwrap();
        assert!(output.status.success(), "install.php: {}", String::from_utf8_lossy(&output.stderr));
        Some(wiki)
    }

    fn install_path(&self) -> PathBuf {
        self.folder.join("wiki")
    }

    fn php(&self, script: &str) -> Command {
        let mut php = Command::new("php");
        php.arg(script).current_dir(self.install_path()).env("MW_INSTALL_PATH", self.install_path());
        php
    }

    /// The HTML MediaWiki makes of `wikitext`, in one run of parse.php.
    pub fn render(&self, wikitext: &str) -> String {
        let file = self.folder.join("page.wiki");
        fs::write(&file, wikitext).unwrap();
        let output = self.php("maintenance/parse.php").arg(&file).output().unwrap();
        assert!(output.status.success(), "parse.php: {}", String::from_utf8_lossy(&output.stderr));
        String::from_utf8(output.stdout).unwrap()
    }
}

impl Wiki {
    /// Saves `wikitext` as the page `title`, as its admin.
    pub fn save(&self, title: &str, wikitext: &str) {
        let mut edit =
            self.php("maintenance/edit.php").args(["-u", "admin", title]).stdin(Stdio::piped()).spawn().unwrap();
        edit.stdin.take().unwrap().write_all(wikitext.as_bytes()).unwrap();
        assert!(edit.wait().unwrap().success(), "edit.php could not save {title}");
    }

    /// Serves the wiki on 127.0.0.1 until the answer is dropped.
    pub fn serve(&self) -> Served {
        let port = TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let server = Command::new("php")
            .args(["-S", &format!("127.0.0.1:{port}"), "-t"])
            .arg(self.install_path())
            .current_dir(self.install_path())
            .env("MW_INSTALL_PATH", self.install_path())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let started = Instant::now();
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(started.elapsed() < Duration::from_secs(20), "PHP's web server did not start");
            std::thread::sleep(Duration::from_millis(50));
        }
        Served { server, port }
    }
}

/// The wiki served by PHP's web server, stopped when dropped.
pub struct Served {
    server: Child,
    port: u16,
}

impl Served {
    /// The address of the page `title`.
    pub fn page(&self, title: &str) -> String {
        format!("http://127.0.0.1:{}/index.php?title={title}", self.port)
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.server.kill();
        let _ = self.server.wait();
    }
}

impl Drop for Wiki {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.folder);
    }
}
