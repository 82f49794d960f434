//! The static file server the end-to-end tests load pages from: one thread per connection and
//! one request per connection (`Connection: close`).
//!
//! Why not tiny_http: its worker pool (0.12) decides whether to start a thread from a count of
//! idle workers that a woken worker only lowers once it runs again. When two connections arrive
//! in that window, both are queued for the one idle worker; it takes the first, serves that
//! kept-alive connection for minutes, and the second is never read. A page with two iframes
//! opens connections in just such a burst, and the embed demo's load hung until Chromium gave up
//! on the socket (300 s). Here every connection has its own thread, so none can wait for another.

use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::Duration;

fn content_type(path: &Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()) {
        Some("html") => "text/html; charset=utf-8",
        Some("js") | Some("mjs") => "text/javascript",
        Some("wasm") => "application/wasm",
        Some("css") => "text/css",
        Some("png") => "image/png",
        Some("svg") => "image/svg+xml",
        _ => "application/octet-stream",
    }
}

/// Serves a folder under `prefix` (e.g. "/" or "/slider-lab/") on a free port of 127.0.0.1.
pub struct StaticServer {
    pub port: u16,
    pub prefix: String,
    /// Every request's path and query, in the order they arrived.
    pub requests: Arc<Mutex<Vec<String>>>,
    /// Set, the server drops every connection unanswered, as a network that went down.
    pub offline: Arc<AtomicBool>,
    /// Files (paths under the prefix) the server answers 404 for, as a site published without them.
    pub missing: Arc<Mutex<Vec<String>>>,
}

impl StaticServer {
    /// Serves `root` under `prefix`; `headers` go on every file response (a test of the
    /// Content-Security-Policy header, for instance).
    pub fn serve_with(root: PathBuf, prefix: &str, headers: Vec<(String, String)>) -> StaticServer {
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind the static server");
        let port = listener.local_addr().expect("a local address").port();
        let requests = Arc::new(Mutex::new(Vec::new()));
        let offline = Arc::new(AtomicBool::new(false));
        let missing = Arc::new(Mutex::new(Vec::new()));
        let site = Arc::new(Site {
            root,
            prefix: prefix.to_string(),
            headers,
            requests: requests.clone(),
            offline: offline.clone(),
            missing: missing.clone(),
        });
        thread::spawn(move || {
            for stream in listener.incoming().flatten() {
                let site = site.clone();
                thread::spawn(move || site.answer(stream));
            }
        });
        StaticServer { port, prefix: prefix.to_string(), requests, offline, missing }
    }

    /// Answers 404 for the file `path` (under the prefix) from now on.
    pub fn set_missing(&self, path: &str) {
        if let Ok(mut missing) = self.missing.lock() {
            missing.push(path.to_string());
        }
    }

    /// Takes the site off the network (`true`) or puts it back.
    pub fn set_offline(&self, offline: bool) {
        self.offline.store(offline, Ordering::SeqCst);
    }

    /// The page's address with a query, e.g. `url("?technique=sbamg")`.
    pub fn url(&self, query: &str) -> String {
        format!("http://127.0.0.1:{}{}{query}", self.port, self.prefix)
    }
}

struct Site {
    root: PathBuf,
    prefix: String,
    headers: Vec<(String, String)>,
    requests: Arc<Mutex<Vec<String>>>,
    offline: Arc<AtomicBool>,
    missing: Arc<Mutex<Vec<String>>>,
}

impl Site {
    /// Reads one request and answers it; any failure just drops the connection.
    fn answer(&self, stream: TcpStream) {
        if self.offline.load(Ordering::SeqCst) {
            return;
        }
        let _ = stream.set_read_timeout(Some(Duration::from_secs(30)));
        let mut reader = BufReader::new(&stream);
        let mut request_line = String::new();
        if reader.read_line(&mut request_line).is_err() {
            return;
        }
        // The rest of the head: nothing in it changes the answer.
        let mut line = String::new();
        while reader.read_line(&mut line).is_ok_and(|n| n > 2) {
            line.clear();
        }
        let mut words = request_line.split_whitespace();
        let (method, url) = (words.next().unwrap_or(""), words.next().unwrap_or("/").to_string());
        if let Ok(mut log) = self.requests.lock() {
            log.push(url.clone());
        }
        let path = url.split('?').next().unwrap_or("/");
        let file = path
            .strip_prefix(&self.prefix)
            .filter(|rest| !rest.contains(".."))
            .map(|rest| if rest.is_empty() { "index.html" } else { rest })
            .filter(|rest| !self.missing.lock().is_ok_and(|missing| missing.iter().any(|m| m == rest)))
            .map(|rest| self.root.join(rest));
        let found = file.and_then(|file| std::fs::read(&file).ok().map(|body| (file, body)));
        let mut response = Vec::new();
        let body = match &found {
            Some((file, body)) => {
                let _ = write!(response, "HTTP/1.1 200 OK\r\nContent-Type: {}\r\n", content_type(file));
                for (name, value) in &self.headers {
                    let _ = write!(response, "{name}: {value}\r\n");
                }
                body.as_slice()
            }
            None => {
                let _ = write!(response, "HTTP/1.1 404 Not Found\r\nContent-Type: text/plain\r\n");
                b"not found".as_slice()
            }
        };
        let _ = write!(response, "Content-Length: {}\r\nConnection: close\r\n\r\n", body.len());
        if method != "HEAD" {
            response.extend_from_slice(body);
        }
        let mut stream = &stream;
        let _ = stream.write_all(&response);
        let _ = stream.flush();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;

    fn ask(port: u16) -> TcpStream {
        let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
        stream.write_all(b"GET /index.html HTTP/1.1\r\nHost: a\r\nConnection: keep-alive\r\n\r\n").unwrap();
        stream
    }

    fn answered(stream: &mut TcpStream) -> bool {
        stream.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
        let mut head = [0u8; 12];
        stream.read_exact(&mut head).is_ok() && &head == b"HTTP/1.1 200"
    }

    /// The shape of the embed demo's load that stalled tiny_http: three connections kept open,
    /// then a burst of new ones. Every one must be answered.
    #[test]
    fn a_burst_of_connections_is_answered_while_others_stay_open() {
        let root = std::env::temp_dir().join(format!("slider-lab-server-test-{}", std::process::id()));
        std::fs::create_dir_all(&root).unwrap();
        std::fs::write(root.join("index.html"), "<!DOCTYPE html>").unwrap();
        for _ in 0..100 {
            let server = StaticServer::serve_with(root.clone(), "/", vec![]);
            let mut open: Vec<TcpStream> = (0..3).map(|_| ask(server.port)).collect();
            assert!(open.iter_mut().all(answered));
            let mut burst: Vec<TcpStream> = (0..4).map(|_| ask(server.port)).collect();
            assert!(burst.iter_mut().all(answered), "a connection of the burst was never answered");
        }
        let _ = std::fs::remove_dir_all(&root);
    }
}
