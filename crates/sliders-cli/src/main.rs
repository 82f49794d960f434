//! `sliders`: the techniques from the command line, for article authors and for checks.

use std::io::{self, BufRead, BufWriter, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand, ValueEnum};
use sliders::{Bitboard, Slider, Technique, Trace};
use sliders_formula::ctype::Reading;
use sliders_formula::prove::{Prover, NODE_BUDGET};
use sliders_formula::{CheckOutcome, Checker, Formula, OwnSquare, Prefix, Target};
use sliders_pictures::figure::Moment;
use sliders_pictures::{diagram, figure, wikitable};

mod proof;

#[derive(Parser)]
#[command(name = "sliders", about = "Sliding-piece attacks, computed and traced step by step")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// List the techniques, one name per line.
    Techniques,
    /// Print the attack set as 0x and 16 hex digits.
    Attacks {
        #[command(flatten)]
        technique: TechniqueArg,
        /// Read lines "SLIDER SQUARE OCCUPIED" from stdin and print one result per line.
        #[arg(long, conflicts_with_all = ["slider", "square", "occupied"])]
        batch: bool,
        #[command(flatten)]
        position: OptionalPosition,
    },
    /// Print every step as the articles draw it: grids side by side as A op B = C; or draw it
    /// as a picture (SVG, PNG, GIF) or a MediaWiki table.
    Trace {
        #[command(flatten)]
        technique: TechniqueArg,
        #[command(flatten)]
        position: Position,
        #[command(flatten)]
        picture: PictureArgs,
    },
    /// Run a formula of your own: print its value as 0x and 16 hex digits, its steps, or check
    /// it against the reference on every square.
    Eval {
        /// The formula's text, or @FILE to read it from a file. It may start with a minus
        /// (`--formula '-sq'`).
        #[arg(long, allow_hyphen_values = true)]
        formula: String,
        #[command(flatten)]
        position: OptionalPosition,
        /// Print every step, as `trace` does.
        #[arg(long)]
        trace: bool,
        /// Check it on 100,032 cases against the attacks it should compute: rook, bishop, queen,
        /// rank, file, diagonal, antidiagonal, or a ray (north, northeast, …).
        #[arg(long, value_parser = parse_target)]
        check: Option<Target>,
        /// Prove it equal to TARGET on every board of every square (2^63 boards each), or
        /// count the boards it fails on and give the one with the fewest pieces. With @FILE,
        /// prove it equal to the text in FILE instead (a board where either faults differs).
        /// Exits 0 when proved, 1 when it fails, 3 when the prover's budget ran out first.
        #[arg(long, value_parser = parse_proving, value_name = "TARGET|@FILE")]
        prove: Option<Proving>,
        /// The prover's budget, in decision-diagram nodes made: it bounds the work, so the
        /// verdict is the same on every machine.
        #[arg(long, default_value_t = NODE_BUDGET)]
        nodes: u64,
        /// Let the slider's own square be empty too in --check and --prove, as an engine calls a
        /// getter from an empty square (attackers-to, exchange evaluation): `o` is the board as
        /// given, 2^64 boards a square. Without it the slider stands on its square (o = occupied | r).
        #[arg(long)]
        from_empty: bool,
        /// Print it as C or Rust for an engine, as the page's "Copy as C / Rust" copies it.
        #[arg(long, value_enum)]
        emit: Option<Language>,
        /// With --emit: begin every generated name with PREFIX instead of `formula`
        /// (PREFIX_attacks, its helpers and tables), so that two exports link into one program.
        #[arg(long, requires = "emit")]
        prefix: Option<Prefix>,
    },
}

/// A language `eval --emit` writes a formula in.
#[derive(Clone, Copy, ValueEnum)]
enum Language {
    C,
    Rust,
}

#[derive(Args)]
struct PictureArgs {
    /// text (as printed by default), ascii (labelled, for an article's <pre>), svg, png, gif
    /// or wikitable.
    #[arg(long, value_enum, default_value = "text")]
    format: Format,
    /// Only step N, numbered as `trace` prints them (a GIF of it: its animation frames).
    #[arg(long)]
    step: Option<usize>,
    /// svg, png and gif: the size, 1 to 4 times.
    #[arg(long, default_value_t = 1)]
    scale: u32,
    /// Write to FILE instead of standard output.
    #[arg(long)]
    output: Option<PathBuf>,
    /// svg, png, gif: leave out the narration (a step's sentences, or each step's first one).
    #[arg(long)]
    no_narration: bool,
    /// text and ascii: wrap it in <pre>…</pre> for MediaWiki.
    #[arg(long)]
    pre: bool,
}

#[derive(Clone, Copy, PartialEq, ValueEnum)]
enum Format {
    Text,
    Ascii,
    Svg,
    Png,
    Gif,
    Wikitable,
}

#[derive(Args)]
struct TechniqueArg {
    /// One of the names `sliders techniques` prints.
    #[arg(long, value_parser = parse_technique)]
    technique: Technique,
}

#[derive(Args)]
struct Position {
    /// rook, bishop or queen.
    #[arg(long, value_parser = parse_slider)]
    slider: Slider,
    /// The slider's square, like d4; kogge-stone and dumb7fill also take several, like d4,f6, and subtraction several rooks.
    #[arg(long, value_parser = parse_squares)]
    square: Bitboard,
    /// The occupancy: 0x-hex (up to 16 digits), 0b-binary or decimal; also as engines write it (0x…ULL, C64(0x…), 0x…_u64, bare hex like ff00).
    #[arg(long, value_parser = parse_bitboard)]
    occupied: Bitboard,
}

#[derive(Args)]
struct OptionalPosition {
    #[arg(long, value_parser = parse_slider)]
    slider: Option<Slider>,
    #[arg(long, value_parser = parse_squares)]
    square: Option<Bitboard>,
    #[arg(long, value_parser = parse_bitboard)]
    occupied: Option<Bitboard>,
}

fn parse_technique(text: &str) -> Result<Technique, String> {
    text.parse().map_err(|_| {
        let names: Vec<&str> = Technique::ALL.iter().map(|t| t.name()).collect();
        format!("unknown technique; the techniques are {}", names.join(", "))
    })
}

/// What `--prove` compares the formula with: a target's attacks, or another text.
#[derive(Clone)]
enum Proving {
    Target(Target),
    /// The file holding the other text.
    Text(String),
}

fn parse_proving(text: &str) -> Result<Proving, String> {
    match text.strip_prefix('@') {
        Some("") => Err("name the file after @: --prove @other.c".to_string()),
        Some(path) => Ok(Proving::Text(path.to_string())),
        // A file's name without its @ is the likely slip.
        None if text.contains(['.', '/']) => {
            parse_target(text).map(Proving::Target).map_err(|why| format!("{why}; a text in a file is @{text}"))
        }
        None => parse_target(text).map(Proving::Target),
    }
}

fn parse_target(text: &str) -> Result<Target, String> {
    text.parse().map_err(|e: sliders_formula::ParseTargetError| e.to_string())
}

fn parse_slider(text: &str) -> Result<Slider, String> {
    text.parse().map_err(|e: sliders::ParseSliderError| e.to_string())
}

fn parse_squares(text: &str) -> Result<Bitboard, String> {
    sliders::parse_squares(text).map_err(|e| e.to_string())
}

fn parse_bitboard(text: &str) -> Result<Bitboard, String> {
    text.parse().map_err(|e: sliders::ParseBitboardError| e.to_string())
}

/// Parses one batch line, "SLIDER SQUARES OCCUPIED", naming the field that is wrong.
fn parse_batch_line(line: &str) -> Result<(Slider, Bitboard, Bitboard), String> {
    let fields: Vec<&str> = line.split_whitespace().collect();
    let [slider, square, occupied] = fields[..] else {
        return Err(format!("expected 3 fields \"SLIDER SQUARE OCCUPIED\", found {}", fields.len()));
    };
    let slider = parse_slider(slider).map_err(|e| format!("slider {slider:?}: {e}"))?;
    let square = parse_squares(square).map_err(|e| format!("square {square:?}: {e}"))?;
    let occupied = parse_bitboard(occupied).map_err(|e| format!("occupied {occupied:?}: {e}"))?;
    Ok((slider, square, occupied))
}

/// Answers every good line; a bad line gets one error on stderr and no output.
fn run_batch(technique: Technique) -> io::Result<bool> {
    let stdin = io::stdin().lock();
    let mut out = BufWriter::new(io::stdout().lock());
    let mut all_good = true;
    for (number, line) in stdin.lines().enumerate() {
        let line = line?;
        match parse_batch_line(&line) {
            Ok((slider, squares, occupied)) => match technique.attacks_many(slider, squares, occupied) {
                Ok(attacks) => writeln!(out, "{attacks}")?,
                Err(problem) => {
                    out.flush()?;
                    eprintln!("error: line {}: {problem}: {line:?}", number + 1);
                    all_good = false;
                }
            },
            Err(problem) => {
                out.flush()?;
                eprintln!("error: line {}: {problem}: {line:?}", number + 1);
                all_good = false;
            }
        }
    }
    out.flush()?;
    Ok(all_good)
}

/// The trace, or one step of it, in the chosen format.
fn draw(trace: &Trace, picture: &PictureArgs) -> Result<Vec<u8>, String> {
    let count = trace.steps.len();
    let step = match picture.step {
        Some(n) if n == 0 || n > count => {
            return Err(format!("--step {n} is out of range: this trace has steps 1 to {count}"))
        }
        Some(n) => Some(n - 1),
        None => None,
    };
    if !rasterize::SCALES.contains(&picture.scale) {
        return Err(format!("--scale {} is out of range: 1 to 4", picture.scale));
    }
    let pictured = matches!(picture.format, Format::Svg | Format::Png | Format::Gif);
    if picture.scale != 1 && !pictured {
        return Err("--scale goes with --format svg, png or gif".into());
    }
    if picture.pre && !matches!(picture.format, Format::Text | Format::Ascii) {
        return Err("--pre goes with --format text or ascii".into());
    }
    if picture.no_narration && !pictured {
        return Err("--no-narration goes with --format svg, png or gif".into());
    }
    let narration = !picture.no_narration;
    let svg = || match step {
        Some(index) => {
            let sentence = if narration { figure::Sentence::Whole } else { figure::Sentence::None };
            figure::step_picture(trace, index, Moment::Finished, sentence)
        }
        None => figure::trace_svg(trace, narration),
    };
    Ok(match picture.format {
        Format::Text => {
            let text = match step {
                Some(index) => diagram::step(trace, index),
                None => diagram::trace(trace),
            };
            if picture.pre { diagram::in_pre(&text) } else { text }.into_bytes()
        }
        Format::Ascii => match step {
            Some(index) => diagram::article_step(trace, index, picture.pre),
            None => {
                let steps: Vec<String> =
                    (0..count).map(|index| diagram::article_step(trace, index, picture.pre)).collect();
                steps.join("\n")
            }
        }
        .into_bytes(),
        Format::Svg => figure::scaled(&svg(), picture.scale).into_bytes(),
        Format::Png => rasterize::png(&svg(), picture.scale)?,
        Format::Gif => {
            let count = figure::gif_frame_count(trace, step);
            let frames = (0..count).map(|index| figure::gif_frame(trace, step, index, narration));
            let mut images = Vec::with_capacity(count);
            for (svg, delay) in frames {
                images.push((rasterize::rgba(&svg, picture.scale)?, delay));
            }
            let width = images.iter().map(|(image, _)| image.width).max().unwrap_or(1);
            let height = images.iter().map(|(image, _)| image.height).max().unwrap_or(1);
            let mut animation = gif_encode::Animation::new(width, height)?;
            for (image, delay) in &images {
                animation.add_frame_at(&image.pixels, image.width, image.height, *delay)?;
            }
            animation.finish()?
        }
        Format::Wikitable => match step {
            Some(index) => wikitable::step(trace, index),
            None => wikitable::trace(trace)?,
        }
        .into_bytes(),
    })
}

/// What `sliders eval` is asked to do besides reading the formula.
struct EvalArgs {
    position: OptionalPosition,
    trace: bool,
    check: Option<Target>,
    prove: Option<Proving>,
    nodes: u64,
    own: OwnSquare,
    emit: Option<Language>,
    prefix: Prefix,
}

/// `sliders eval`: exit 0 when all went well (the check agrees, the proof holds), 1 when the
/// check or the proof found a counter-example, 2 for a formula that cannot be read or run, 3
/// when the proof is undecided.
fn eval(text: &str, args: EvalArgs) -> ExitCode {
    let EvalArgs { position, trace, check, prove, nodes, own, emit, prefix } = args;
    let text = match text.strip_prefix('@') {
        Some(path) => match read_text(path) {
            Ok(text) => text,
            Err(why) => {
                eprintln!("error: cannot read the formula from {path}: {why}");
                return ExitCode::from(2);
            }
        },
        None => text.to_string(),
    };
    let formula = match Formula::parse(&text) {
        Ok(formula) => formula,
        Err(error) => {
            let (line, caret) = error.caret(&text);
            eprintln!("error: {}\n  {line}\n  {caret}", error.describe(&text));
            // How the text before the error was read, as the page keeps it beside the error.
            for note in &error.notes {
                eprintln!("note: {note}");
            }
            return ExitCode::from(2);
        }
    };
    // How the text was read (C's meaning, directives skipped), as the page notes it; the lab's
    // short form is what the help describes, said nowhere else.
    if formula.reading() == Reading::C || formula.skipped_directives() {
        eprintln!("note: {}", formula.reading_note());
    }
    if own == OwnSquare::Either && (trace || emit.is_some()) {
        eprintln!(
            "error: --from-empty applies to --check, --prove and one board's value: --trace and --emit show the lab's boards, where o = occupied | r"
        );
        return ExitCode::from(2);
    }
    // A fault on the board given is said, and --check, --prove and --emit still run: the
    // proof of a faulting getter is what its author wants next.
    let goes_on = check.is_some() || prove.is_some() || emit.is_some();
    let mut faulted = false;
    match (position.slider, position.square, position.occupied) {
        // From an empty square: o is the board as given, the slider's bit set or not.
        (Some(_), Some(sliders), Some(occupied)) if own == OwnSquare::Either => {
            let (Some(square), 1) = (sliders.squares().next(), sliders.0.count_ones()) else {
                eprintln!("error: --from-empty takes one slider's square");
                return ExitCode::from(2);
            };
            match formula.attacks_on(square, occupied, own) {
                Ok(value) => println!("{value}"),
                Err(fault) => {
                    let (line, caret) = fault.caret(&text);
                    eprintln!("error: {}\n  {line}\n  {caret}", fault.describe(&text));
                    if !goes_on {
                        return ExitCode::from(2);
                    }
                    faulted = true;
                }
            }
        }
        (Some(slider), Some(sliders), Some(occupied)) => match formula.trace(slider, sliders, occupied) {
            Ok(traced) => {
                println!("{}", traced.result);
                if trace {
                    print!("{}", diagram::trace(&traced));
                }
            }
            Err(fault) => {
                // The steps up to the fault, as the page shows them, then where it faulted.
                let (steps, _) = formula.trace_until_fault(slider, sliders, occupied);
                if trace && !steps.steps.is_empty() {
                    print!("{}", diagram::trace(&steps));
                }
                let (line, caret) = fault.caret(&text);
                eprintln!("error: {}\n  {line}\n  {caret}", fault.describe(&text));
                if !goes_on {
                    return ExitCode::from(2);
                }
                faulted = true;
            }
        },
        (None, None, None) if (check.is_some() || prove.is_some() || emit.is_some()) && !trace => {}
        _ => {
            eprintln!("error: eval needs --slider, --square and --occupied (or only --check, --prove or --emit)");
            return ExitCode::from(2);
        }
    }
    match emit {
        Some(Language::C) => print!("{}", formula.to_c_named(&prefix)),
        Some(Language::Rust) => print!("{}", formula.to_rust_named(&prefix)),
        None => {}
    }
    let checked = check.map(|target| (target, check_formula(&formula, &text, target, own)));
    // The proof, when asked for, has the last word: it decides what the sample only tried.
    match (prove, checked) {
        // The check of the same target has run: its board, if it found one, answers if the
        // prover's budget runs out, and the prover does not run it again.
        (Some(Proving::Target(target)), Some((checked, outcome))) if checked == target => {
            let prover = Prover::new(target, nodes).own_square(own);
            proof::prove(&formula, &text, prover.knowing(outcome.counter_example()))
        }
        (Some(Proving::Target(target)), _) => proof::prove(&formula, &text, Prover::new(target, nodes).own_square(own)),
        (Some(Proving::Text(path)), _) => match read_formula(&path) {
            Ok((other_text, other)) => {
                let texts = proof::Texts { first: (&formula, &text), second: (&other, &other_text), path: &path };
                proof::compare(texts, own, nodes)
            }
            Err(code) => code,
        },
        (None, Some((_, CheckOutcome::Differs { .. }))) => ExitCode::FAILURE,
        // The board given faulted: the getter is wrong there, whatever else was asked.
        (None, Some(_)) if faulted => ExitCode::FAILURE,
        (None, _) if faulted => ExitCode::from(2),
        (None, _) => ExitCode::SUCCESS,
    }
}

/// The text in `path`, read as a formula: `Err` with exit code 2 once the problem is printed.
fn read_formula(path: &str) -> Result<(String, Formula), ExitCode> {
    let text = read_text(path).map_err(|why| {
        eprintln!("error: cannot read the text to prove against from {path}: {why}");
        ExitCode::from(2)
    })?;
    match Formula::parse(&text) {
        Ok(formula) => {
            if formula.reading() == Reading::C || formula.skipped_directives() {
                eprintln!("note: in {path}: {}", formula.reading_note());
            }
            Ok((text, formula))
        }
        Err(error) => {
            let (line, caret) = error.caret(&text);
            eprintln!("error: in {path}: {}\n  {line}\n  {caret}", error.describe(&text));
            for note in &error.notes {
                eprintln!("note: in {path}: {note}");
            }
            Err(ExitCode::from(2))
        }
    }
}

/// A formula's text from a file, read no further than a formula may be long (a file is text
/// from a stranger, and may be endless), a byte-order mark left out.
fn read_text(path: &str) -> Result<String, String> {
    use std::io::Read;
    if path.is_empty() {
        return Err("no file is named after @".to_string());
    }
    // Four bytes at most a character, and one more to know there is more.
    let most = sliders_formula::MAX_LENGTH * 4;
    let mut bytes = Vec::new();
    let file = std::fs::File::open(path).map_err(|error| error.to_string())?;
    file.take(most as u64 + 1).read_to_end(&mut bytes).map_err(|error| error.to_string())?;
    if bytes.len() > most {
        return Err(format!("it is longer than a formula may be ({} characters)", sliders_formula::MAX_LENGTH));
    }
    let text = String::from_utf8(bytes).map_err(|_| "it is not UTF-8 text".to_string())?;
    Ok(text.strip_prefix('\u{feff}').map(String::from).unwrap_or(text))
}

/// `--check`: the sampled check's verdict, printed, and its outcome.
fn check_formula(formula: &Formula, text: &str, target: Target, own: OwnSquare) -> CheckOutcome {
    let outcome = Checker::new(target).with_own_square(own).run(formula);
    match &outcome {
        CheckOutcome::Agrees { cases } => {
            let half = match own {
                OwnSquare::Occupied => "",
                OwnSquare::Either => ", the slider's square empty on half of them",
            };
            println!("agrees with {} on all {cases} cases{half}", target.describe())
        }
        CheckOutcome::Differs { cases, counter_example: c } => {
            let got = match &c.got {
                Ok(value) => format!("formula={value}"),
                Err(fault) => format!("fault=\"{}\"", fault.describe(text)),
            };
            let empty = if c.occupied.contains(c.square) { String::new() } else { format!(" ({} empty)", c.square) };
            println!(
                "differs from {} on case {cases}{empty}: square={} occupied={} expected={} {got}",
                target.describe(),
                c.square,
                c.occupied,
                c.expected
            );
        }
    }
    outcome
}

/// Writes to the file, or to standard output.
fn write_out(bytes: &[u8], output: Option<&PathBuf>) -> io::Result<bool> {
    match output {
        Some(path) => std::fs::write(path, bytes)
            .map_err(|e| io::Error::new(e.kind(), format!("cannot write {}: {e}", path.display())))?,
        None => {
            let mut out = io::stdout().lock();
            out.write_all(bytes)?;
            out.flush()?;
        }
    }
    Ok(true)
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) if !error.use_stderr() => {
            // --help and --version print to stdout and succeed.
            let _ = error.print();
            return ExitCode::SUCCESS;
        }
        Err(error) => {
            // Clap's first line names the argument and the problem; the rest is a usage hint.
            let text = error.to_string();
            eprintln!("{}", text.lines().next().unwrap_or("error: bad arguments"));
            return ExitCode::from(2);
        }
    };
    let outcome = match cli.command {
        Command::Techniques => {
            let names: Vec<&str> = Technique::ALL.iter().map(|t| t.name()).collect();
            println!("{}", names.join("\n"));
            Ok(true)
        }
        Command::Attacks { technique, batch: true, .. } => run_batch(technique.technique),
        Command::Attacks { technique, batch: false, position } => {
            match (position.slider, position.square, position.occupied) {
                (Some(slider), Some(squares), Some(occupied)) => {
                    match technique.technique.attacks_many(slider, squares, occupied) {
                        Ok(attacks) => println!("{attacks}"),
                        Err(problem) => {
                            eprintln!("error: {problem}");
                            return ExitCode::from(2);
                        }
                    }
                    Ok(true)
                }
                _ => {
                    eprintln!("error: attacks needs --slider, --square and --occupied, or --batch");
                    return ExitCode::from(2);
                }
            }
        }
        Command::Eval { formula, position, trace, check, prove, nodes, from_empty, emit, prefix } => {
            let own = if from_empty { OwnSquare::Either } else { OwnSquare::Occupied };
            let prefix = prefix.unwrap_or_default();
            return eval(&formula, EvalArgs { position, trace, check, prove, nodes, own, emit, prefix });
        }
        Command::Trace { technique, position, picture } => {
            let drawn = technique
                .technique
                .trace_many(position.slider, position.square, position.occupied)
                .map_err(|problem| problem.to_string())
                .and_then(|trace| draw(&trace, &picture));
            let binary = matches!(picture.format, Format::Png | Format::Gif);
            if binary && picture.output.is_none() && io::stdout().is_terminal() {
                eprintln!("error: --format png and gif are binary: write them with --output FILE, or redirect standard output");
                return ExitCode::from(2);
            }
            match drawn {
                Ok(bytes) => write_out(&bytes, picture.output.as_ref()),
                Err(problem) => {
                    eprintln!("error: {problem}");
                    return ExitCode::from(2);
                }
            }
        }
    };
    match outcome {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use sliders::Square;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4096))]

        /// Any line gets an answer or a reason naming the field, never a panic.
        #[test]
        fn any_batch_line_is_read_or_refused(line in "\\PC{0,60}|(rook|bishop|queen|king) [a-j][0-9] (0x|0b)?[0-9a-f]{0,20}") {
            if let Err(reason) = parse_batch_line(&line) {
                prop_assert!(["expected 3 fields", "slider", "square", "occupied"].iter().any(|field| reason.contains(field)));
            }
        }

        /// A line written from values reads back as those values.
        #[test]
        fn a_written_batch_line_reads_back(slider in 0usize..3, square in 0u32..64, occupied: u64) {
            let (slider, square, occupied) = (Slider::ALL[slider], Square::from_index(square), Bitboard(occupied));
            let line = format!("{slider} {square} {occupied}");
            prop_assert_eq!(parse_batch_line(&line), Ok((slider, square.bit(), occupied)));
        }
    }
}
