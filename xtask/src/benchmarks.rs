//! BENCHMARKS.md's sections: each task that measures something writes its own section, under
//! its heading, and leaves the others as they are.

use crate::workspace_root;

/// `report` with the section under `heading` replaced by `section`, or added before the
/// machine-readable lines.
pub fn with_section(report: &str, heading: &str, section: &str) -> String {
    let section = format!("{}\n", section.trim_end());
    match report.find(heading) {
        Some(start) => {
            let rest = &report[start + heading.len()..];
            let end = rest.find("\n## ").map_or(report.len(), |at| start + heading.len() + at + 1);
            format!("{}{section}\n{}", &report[..start], &report[end..])
        }
        None => match report.find("## Machine-readable") {
            Some(at) => format!("{}{section}\n{}", &report[..at], &report[at..]),
            None => format!("{report}\n{section}"),
        },
    }
}

/// Replaces (or adds) the section under `heading` in BENCHMARKS.md.
pub fn write_section(heading: &str, section: &str) -> Result<(), String> {
    let path = workspace_root().join("BENCHMARKS.md");
    let report = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    std::fs::write(&path, with_section(&report, heading, section)).map_err(|e| format!("{}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_section_goes_before_the_machine_readable_lines_and_replaces_itself() {
        let heading = "## Wiki exports";
        let report = "# Benchmarks\n\n## Page budgets\n\n- a\n\n## Machine-readable\n\n```\nx\n```\n";
        let once = with_section(report, heading, &format!("{heading}\n\n- one\n"));
        assert_eq!(
            once,
            format!(
                "# Benchmarks\n\n## Page budgets\n\n- a\n\n{heading}\n\n- one\n\n## Machine-readable\n\n```\nx\n```\n"
            )
        );
        let twice = with_section(&once, heading, &format!("{heading}\n\n- two\n"));
        assert_eq!(twice, once.replace("- one", "- two"));
    }
}
