//! `cargo xtask exports`: how big the wiki exports are, measured with the `sliders` command for
//! every step of the four seed articles' examples (wikitext and GIF bytes a step) and for the
//! longest whole traces (wikitext, against MediaWiki's 2,048 KiB page limit), written as the
//! "Wiki exports" section of BENCHMARKS.md (`cargo xtask bench` writes it too).

use std::process::Command;

use crate::{cargo_command, run, workspace_root};

/// The articles' examples: technique, square and occupancy, all with a rook.
const EXAMPLES: [(&str, &str, &str); 4] = [
    ("classical-zero-count", "d2", "0x4ced22000146f848"),
    ("subtraction", "d2", "0x4ced22000146f848"),
    ("obstruction-difference", "d4", "0x0000080008400000"),
    ("sbamg", "d1", "0x0000000000000043"),
];

/// The longest whole traces: the fills with a queen.
const LONGEST: [&str; 2] = ["dumb7fill", "kogge-stone"];

/// The figures before the compact wikitable and the GIF's changed rectangles (commit 0206c23),
/// taken with the same commands: for each example, (wikitext mean, max, GIF mean, max) a step;
/// then the longest traces' wikitext.
const BEFORE: [(usize, usize, usize, usize); 4] = [
    (16_995, 25_200, 192_029, 824_311),
    (21_703, 27_031, 146_912, 693_402),
    (22_711, 28_180, 314_313, 1_091_066),
    (22_610, 28_118, 275_441, 1_062_882),
];
const LONGEST_BEFORE: [usize; 2] = [3_914_733, 2_969_724];

/// The section's heading in BENCHMARKS.md.
pub const HEADING: &str = "## Wiki exports";

/// Bytes the `sliders` command writes for `args`.
fn output_bytes(sliders: &std::path::Path, args: &[&str]) -> Result<usize, String> {
    let output = Command::new(sliders).args(args).output().map_err(|e| e.to_string())?;
    if !output.status.success() {
        return Err(format!("sliders {}: {}", args.join(" "), String::from_utf8_lossy(&output.stderr)));
    }
    Ok(output.stdout.len())
}

/// The section, measured now.
pub fn section() -> Result<String, String> {
    run(&mut cargo_command(&["build", "--quiet", "--release", "-p", "sliders-cli"]))?;
    let sliders = workspace_root().join("target/release/sliders");
    let mut out = format!(
        "{HEADING}\n\nBytes a step, mean and max over every step of each article's example (rook; GIF at the \
         command's default scale, with its narration), now and before the compact wikitable and the GIF's changed \
         rectangles (commit 0206c23). Goal for a step's GIF: at most 250 KB, 100 KB aimed for.\n\n\
         | example | steps | wikitext mean | wikitext max | before (mean, max) | GIF mean | GIF max | before (mean, max) |\n\
         |---|---|---|---|---|---|---|---|\n"
    );
    for ((technique, square, occupied), before) in EXAMPLES.iter().zip(BEFORE) {
        let base = ["trace", "--technique", technique, "--slider", "rook", "--square", square, "--occupied", occupied];
        let text = Command::new(&sliders).args(base).args(["--format", "text"]).output().map_err(|e| e.to_string())?;
        let steps = String::from_utf8_lossy(&text.stdout).lines().filter(|line| line.starts_with("step ")).count();
        let (mut wikitext, mut gif) = (Vec::new(), Vec::new());
        for step in 1..=steps {
            let step = step.to_string();
            let with = |format: &'static str| {
                let mut args = base.to_vec();
                args.extend(["--format", format, "--step", &step]);
                output_bytes(&sliders, &args)
            };
            wikitext.push(with("wikitable")?);
            gif.push(with("gif")?);
        }
        let mean = |sizes: &[usize]| sizes.iter().sum::<usize>() / sizes.len().max(1);
        let max = |sizes: &[usize]| sizes.iter().copied().max().unwrap_or(0);
        out.push_str(&format!(
            "| {technique} {square} | {steps} | {} | {} | {}, {} | {} | {} | {}, {} |\n",
            mean(&wikitext),
            max(&wikitext),
            before.0,
            before.1,
            mean(&gif),
            max(&gif),
            before.2,
            before.3
        ));
    }
    out.push_str("\nThe longest whole traces as one wikitable (queen on d4, the d2 example's pieces), against MediaWiki's default page limit of 2,048 KiB:\n\n");
    for (technique, before) in LONGEST.iter().zip(LONGEST_BEFORE) {
        let args = ["trace", "--technique", technique, "--slider", "queen", "--square", "d4"];
        let bytes = output_bytes(
            &sliders,
            &[&args[..], &["--occupied", "0x4ced22000146f848", "--format", "wikitable"]].concat(),
        )?;
        out.push_str(&format!("- {technique}: {bytes} bytes (before: {before})\n"));
    }
    Ok(out)
}

/// `cargo xtask exports`.
pub fn exports() -> Result<(), String> {
    let section = section()?;
    println!("{section}");
    crate::benchmarks::write_section(HEADING, &section)?;
    println!("xtask exports: wrote its section of BENCHMARKS.md");
    Ok(())
}
