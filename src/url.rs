//! The page's whole state in the URL query, versioned (`v=2`) so that links written today keep
//! working as the format grows. Version 2 counts `step` from 1, as the page does; version 1
//! (and a link without `v`) counted from 0, and its links keep that meaning. A parameter that cannot be read falls back to its default and
//! yields a notice naming it; the other parameters still apply.

use sliders::{Bitboard, Slider, Square, Technique};

use crate::input::clip;
use crate::model::{Lab, Moment, Player, SelfPlay, Setup, Theme, SPEEDS_MS};

/// The version this page writes; it reads version 1 too, and links without `v` as version 1.
pub const VERSION: u32 = 2;

/// The query as written. Every field is optional text, so one bad field never spoils the others.
#[derive(Default, Debug, PartialEq)]
struct Query {
    v: Option<String>,
    technique: Option<String>,
    slider: Option<String>,
    square: Option<String>,
    occupied: Option<String>,
    step: Option<String>,
    speed: Option<String>,
    theme: Option<String>,
    embed: Option<String>,
    controls: Option<String>,
    code: Option<String>,
    autoplay: Option<String>,
    present: Option<String>,
    /// Predict mode: each step asks for the reader's prediction before it shows.
    predict: Option<String>,
    /// The reader's formula (with `technique=formula`) and what its check expects.
    formula: Option<String>,
    expect: Option<String>,
    /// New board's seed: the board it deals, in place of `square` and `occupied`.
    seed: Option<String>,
    /// A teacher's exercise (`crate::model::Exercise`), and the lesson on screen, from 1.
    exercise: Option<String>,
    lesson: Option<String>,
}

impl Query {
    /// The parameters in the order links write them; each name is the query key.
    fn fields(&mut self) -> [(&'static str, &mut Option<String>); 19] {
        [
            ("v", &mut self.v),
            ("technique", &mut self.technique),
            ("slider", &mut self.slider),
            ("square", &mut self.square),
            ("occupied", &mut self.occupied),
            ("step", &mut self.step),
            ("speed", &mut self.speed),
            ("theme", &mut self.theme),
            ("embed", &mut self.embed),
            ("controls", &mut self.controls),
            ("code", &mut self.code),
            ("autoplay", &mut self.autoplay),
            ("present", &mut self.present),
            ("predict", &mut self.predict),
            ("formula", &mut self.formula),
            ("expect", &mut self.expect),
            ("seed", &mut self.seed),
            ("exercise", &mut self.exercise),
            ("lesson", &mut self.lesson),
        ]
    }

    /// Reads `key=value&…`, percent-decoded. Unknown keys are ignored (an article may add its
    /// own); a repeated key keeps its last value, as a browser's address bar would show it.
    fn parse(query: &str) -> Query {
        let mut parsed = Query::default();
        for (key, value) in form_urlencoded::parse(query.as_bytes()) {
            if let Some((_, field)) = parsed.fields().into_iter().find(|(name, _)| *name == key) {
                *field = Some(value.into_owned());
            }
        }
        parsed
    }

    fn serialize(mut self) -> String {
        let mut out = form_urlencoded::Serializer::new(String::new());
        for (name, value) in self.fields() {
            if let Some(value) = value {
                out.append_pair(name, value);
            }
        }
        out.finish()
    }
}

/// How an embedding article wants the page shown.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Embed {
    /// Only the board, the step player and the code panel, compact.
    pub enabled: bool,
    /// Show the player's buttons (without them the steps play by themselves).
    pub controls: bool,
    /// Show the code panel.
    pub code: bool,
    /// Start playing on load.
    pub autoplay: bool,
}

impl Default for Embed {
    fn default() -> Embed {
        Embed { enabled: false, controls: true, code: true, autoplay: false }
    }
}

/// A parameter the page could not use, and why.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Notice {
    pub parameter: &'static str,
    pub message: String,
}

/// What a query describes.
#[derive(Clone, PartialEq, Debug)]
pub struct Loaded {
    pub lab: Lab,
    pub embed: Embed,
    pub notices: Vec<Notice>,
    /// The link's `step` as written, and the first number it counts from: the player has it as
    /// asked, and it is checked once the trace's length is known ([`Loaded::with_steps`]).
    pub asked_step: Option<(String, usize)>,
}

fn flag(value: &str) -> Result<bool, String> {
    match value {
        "1" | "true" => Ok(true),
        "0" | "false" => Ok(false),
        _ => Err("use 1 or 0".into()),
    }
}

/// Reads parameters, and keeps a notice for each that cannot be read.
#[derive(Default)]
struct Reader {
    notices: Vec<Notice>,
}

impl Reader {
    fn read(&mut self, parameter: &'static str, value: Option<String>, apply: impl FnOnce(&str) -> Result<(), String>) {
        if let Some(value) = value {
            let outcome = apply(&value);
            self.note(parameter, &value, outcome);
        }
    }

    /// The notice of a value that could not be read (kept out of `read`, which is made once
    /// for each parameter).
    #[inline(never)]
    fn note(&mut self, parameter: &'static str, value: &str, outcome: Result<(), String>) {
        if let Err(why) = outcome {
            self.notices.push(Notice {
                parameter,
                message: format!("ignored {parameter}=\"{}\": {why}; using the default", clip(value)),
            });
        }
    }
}

/// Reads a query (with or without its leading `?`): only what the address says. The step it
/// asks for is checked against its trace by the caller ([`Loaded::with_steps`]).
pub fn from_query(query: &str) -> Loaded {
    let query = query.strip_prefix('?').unwrap_or(query);
    let mut lab = Lab::default();
    let mut embed = Embed::default();
    let mut reader = Reader::default();
    let mut fields = Query::parse(query);
    let (has_expect, has_formula) = (fields.expect.is_some(), fields.formula.is_some());
    let mut version = 1;
    reader.read("v", fields.v.take(), |v| match v.parse::<u32>() {
        Ok(read @ (1 | VERSION)) => {
            version = read;
            Ok(())
        }
        _ => Err(format!("this page reads version 1 and {VERSION} links")),
    });
    read_setup(&mut reader, &mut fields, &mut lab);
    read_view(&mut reader, &mut fields, &mut lab, &mut embed);
    // A link's own formula without `expect` is checked as the link's slider's attacks; without a
    // formula, the editor's example keeps the target it declares. With `expect`, the link asks
    // for the check, which starts once the formula reads.
    if lab.setup.formula_open && has_formula && !has_expect {
        lab.playground.target = sliders_formula::Target::Piece(lab.setup.slider);
    }
    lab.check_when_read = lab.setup.formula_open && has_expect;
    // Without buttons, an embedded player has to play by itself: from when the reader first
    // sees it, looping back to the author's step; autoplay=1 also starts it when seen.
    let plays_by_itself = embed.enabled && !embed.controls;
    lab.player.self_play = SelfPlay {
        when_seen: embed.enabled && (embed.autoplay || plays_by_itself),
        loop_from: plays_by_itself.then_some(0),
    };
    // The full page is in view as soon as it opens.
    if embed.autoplay && !embed.enabled {
        lab.player = Player { autoplay: true, running: true, frame: Moment::At(0), ..lab.player };
    }
    let first = if version >= 2 { 1 } else { 0 };
    // The step as asked, until the trace's length is known.
    if let Some(Ok(Some(step))) = fields.step.as_ref().map(|v| v.parse::<usize>().map(|n| n.checked_sub(first))) {
        lab.player.step = step;
    }
    if plays_by_itself {
        lab.player.self_play.loop_from = Some(lab.player.step);
    }
    Loaded { lab, embed, notices: reader.notices, asked_step: fields.step.map(|step| (step, first)) }
}

/// The technique or formula, the sliders and the pieces.
fn read_setup(reader: &mut Reader, fields: &mut Query, lab: &mut Lab) {
    let (setup, playground) = (&mut lab.setup, &mut lab.playground);
    reader.read("technique", fields.technique.take(), |v| {
        if v == "formula" {
            setup.formula_open = true;
            return Ok(());
        }
        // The core's error names the command-line tool's list; the page has its own menu.
        setup.technique =
            v.parse::<Technique>().map_err(|_| "no technique has that name; the Technique menu lists them all")?;
        Ok(())
    });
    reader.read("formula", fields.formula.take(), |v| {
        let length = v.chars().count();
        if length > sliders_formula::MAX_LENGTH {
            return Err(format!(
                "the formula is {length} characters long, and a link may carry {} at most",
                sliders_formula::MAX_LENGTH
            ));
        }
        // A formula with an error still opens, in the editor, with its error beside it.
        *playground = crate::model::Playground::typed(v, playground.target);
        Ok(())
    });
    reader.read("expect", fields.expect.take(), |v| {
        let target = v.parse::<sliders_formula::Target>().map_err(|e| e.to_string())?;
        playground.target = target;
        setup.slider = target.slider();
        Ok(())
    });
    reader.read("slider", fields.slider.take(), |v| {
        setup.slider = v.parse::<Slider>().map_err(|e| e.to_string())?;
        Ok(())
    });
    let mut one_slider_only = None;
    reader.read("square", fields.square.take(), |v| {
        let squares = sliders::parse_squares(v).map_err(|e| e.to_string())?;
        let first = squares.squares().next().unwrap_or(setup.square);
        let squares = if setup.formula_open || squares.count() == 1 || setup.technique.takes_many_sliders(setup.slider)
        {
            squares
        } else {
            // Keep the first slider, and say so: the rest of the link still applies.
            one_slider_only =
                Some(sliders::OneSliderOnly { technique: setup.technique, slider: setup.slider, sliders: squares });
            first.bit()
        };
        setup.others = squares.without(first);
        setup.square = first;
        Ok(())
    });
    reader.read("occupied", fields.occupied.take(), |v| {
        if !v.starts_with("0x") {
            return Err("occupied is 0x and up to 16 hex digits".into());
        }
        setup.occupied = v.parse::<Bitboard>().map_err(|e| e.to_string())?;
        Ok(())
    });
    if let Some(problem) = one_slider_only {
        let message = format!("{problem}: showing {} alone", setup.square);
        reader.notices.push(Notice { parameter: "square", message });
    }
    reader.read("seed", fields.seed.take(), |v| {
        let seed = v.parse::<u32>().map_err(|_| "seed is a whole number below 2^32")?;
        let (square, occupied) = crate::model::deal(seed);
        *setup = Setup { square, others: Bitboard::EMPTY, occupied, dealt: Some(seed), ..setup.clone() };
        Ok(())
    });
    read_exercise(reader, fields, lab);
}

/// A teacher's exercise: its lesson's board, in predict mode.
fn read_exercise(reader: &mut Reader, fields: &mut Query, lab: &mut Lab) {
    let mut exercise = None;
    reader.read("exercise", fields.exercise.take(), |v| {
        exercise = Some(crate::model::Exercise::read(v)?);
        Ok(())
    });
    let Some(mut exercise) = exercise else { return };
    reader.read("lesson", fields.lesson.take(), |v| {
        let count = exercise.lessons.len();
        let index = v.parse::<usize>().ok().and_then(|n| n.checked_sub(1)).filter(|&index| index < count);
        exercise.index = index.ok_or_else(|| format!("this exercise's lessons count 1 to {count}"))?;
        Ok(())
    });
    lab.setup = lab.setup.clone().with_lesson(&exercise.lesson());
    lab.predict.on = true;
    lab.exercise = Some(exercise);
}

/// One of the embed's options, in its struct.
type EmbedOption = fn(&mut Embed) -> &mut bool;

/// The speed, the theme, presentation mode and the embed's options.
fn read_view(reader: &mut Reader, fields: &mut Query, lab: &mut Lab, embed: &mut Embed) {
    reader.read("speed", fields.speed.take(), |v| match v.parse::<usize>() {
        Ok(speed) if speed < SPEEDS_MS.len() => {
            lab.player.speed = speed;
            Ok(())
        }
        _ => Err(format!("speed is 0 (slowest) to {}", SPEEDS_MS.len() - 1)),
    });
    reader.read("theme", fields.theme.take(), |v| {
        lab.preferences.theme = Theme::from_name(v).ok_or("theme is auto, light or dark")?;
        Ok(())
    });
    let options: [(&'static str, Option<String>, EmbedOption); 4] = [
        ("embed", fields.embed.take(), |embed| &mut embed.enabled),
        ("controls", fields.controls.take(), |embed| &mut embed.controls),
        ("code", fields.code.take(), |embed| &mut embed.code),
        ("autoplay", fields.autoplay.take(), |embed| &mut embed.autoplay),
    ];
    for (parameter, value, option) in options {
        reader.read(parameter, value, |v| {
            *option(embed) = flag(v)?;
            Ok(())
        });
    }
    reader.read("present", fields.present.take(), |v| {
        lab.preferences.presenting = flag(v)?;
        Ok(())
    });
    reader.read("predict", fields.predict.take(), |v| {
        lab.predict.on = flag(v)?;
        Ok(())
    });
}

impl Loaded {
    /// The link's step read into a trace of `steps` steps (at least one: a link's formula that
    /// does not parse has no steps yet). A step past the end shows the last one, as an edit
    /// that shortens the trace does. Version 2 counts steps from 1, as the page shows them;
    /// version 1 counted from 0.
    pub fn with_steps(mut self, steps: usize) -> Loaded {
        let Some((value, first)) = self.asked_step.take() else { return self };
        let steps = steps.max(1);
        let range = format!("{first} to {} in this link", steps - 1 + first);
        let player = &mut self.lab.player;
        match value.parse::<usize>().map(|number| number.checked_sub(first)) {
            Ok(Some(step)) if step < steps => player.step = step,
            Ok(Some(_)) => {
                player.step = steps - 1;
                self.notices.push(Notice {
                    parameter: "step",
                    message: format!(
                        "step={} is past the end of this trace ({range}): showing its last step, step {steps} of {steps}",
                        clip(&value),
                    ),
                });
            }
            _ => self.notices.push(Notice {
                parameter: "step",
                message: format!(
                    "ignored step=\"{}\": steps count {range}; showing its first step, step 1 of {steps}",
                    clip(&value),
                ),
            }),
        }
        // An embed that loops goes back to the author's step.
        if player.self_play.loop_from.is_some() {
            player.self_play.loop_from = Some(player.step);
        }
        self
    }
}

fn write(lab: &Lab, embed: Option<Embed>) -> String {
    let flag = |on: bool| Some(if on { "1" } else { "0" }.to_string());
    // An example's text on its way from the language is not in the link yet: the link opens
    // the editor's first example, as one without a formula does.
    let formula_known = lab.setup.formula_open && lab.playground.awaited_example.is_none();
    let mut query = Query {
        v: Some(VERSION.to_string()),
        technique: Some(if lab.setup.formula_open { "formula" } else { lab.setup.technique.name() }.into()),
        formula: formula_known.then(|| lab.playground.text.to_string()),
        expect: formula_known.then(|| lab.playground.target.name().into()),
        slider: Some(lab.setup.slider.name().into()),
        square: Some(lab.sliders().squares().map(Square::name).collect::<Vec<_>>().join(",")),
        occupied: Some(lab.setup.occupied.to_string()),
        step: Some((lab.player.step + 1).to_string()),
        speed: Some(lab.player.speed.to_string()),
        theme: (lab.preferences.theme != Theme::Auto).then(|| lab.preferences.theme.name().into()),
        present: lab.preferences.presenting.then(|| "1".into()),
        predict: lab.predict.on.then(|| "1".into()),
        ..Query::default()
    };
    // A dealt board is its seed; an exercise's board, its lesson.
    if let Some(seed) = lab.setup.seed() {
        (query.square, query.occupied, query.seed) = (None, None, Some(seed.to_string()));
    }
    if let Some(exercise) = &lab.exercise {
        (query.technique, query.slider, query.square, query.occupied, query.seed, query.predict) =
            (None, None, None, None, None, None);
        query.exercise = Some(exercise.text.to_string());
        query.lesson = Some((exercise.index + 1).to_string());
    }
    if let Some(embed) = embed {
        // An article's embed is never a presentation.
        query.present = None;
        query.embed = flag(true);
        query.controls = (!embed.controls).then(|| "0".into());
        query.code = (!embed.code).then(|| "0".into());
        query.autoplay = embed.autoplay.then(|| "1".into());
    }
    format!("?{}", query.serialize())
}

/// The query that reproduces `lab` in the full page.
pub fn query_of(lab: &Lab) -> String {
    write(lab, None)
}

/// The query of an embedded view of `lab` with `embed`'s options.
pub fn embed_query_of(lab: &Lab, embed: Embed) -> String {
    write(lab, Some(embed))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::effects::{open, trace};
    use crate::model::{Preferences, Setup};

    #[test]
    fn a_formula_and_its_target_round_trip_and_an_overlong_one_is_refused() {
        let lab = apply_formula("m = file(sq)\nreturn (o ^ (o - 2 * r)) & m // north", "north");
        let query = query_of(&lab);
        assert!(query.contains("technique=formula") && query.contains("expect=north"), "{query}");
        let loaded = open(&query);
        assert!(loaded.notices.is_empty(), "{:?}", loaded.notices);
        assert!(loaded.lab.setup.formula_open);
        assert_eq!(&*loaded.lab.playground.text, &*lab.playground.text);
        assert_eq!(loaded.lab.playground.target.name(), "north");
        assert_eq!(trace(&loaded.lab), trace(&open(&query_of(&lab)).lab));
        let long = "o".repeat(sliders_formula::MAX_LENGTH + 1);
        let refused = from_query(&format!("?technique=formula&formula={long}&square=e4"));
        assert_eq!(refused.notices.len(), 1);
        assert!(
            refused.notices[0].message.contains(&format!("{} characters long", sliders_formula::MAX_LENGTH + 1)),
            "{:?}",
            refused.notices
        );
        assert_eq!(refused.lab.setup.square, Square::E4, "the rest of the link applies");
        // C's directives travel too: `#` is escaped, not taken for the link's fragment.
        let defined = apply_formula("#define C64(c) c##ULL\nreturn ray(sq, north) & C64(0xff00)", "north");
        let defined_query = query_of(&defined);
        assert!(!defined_query.contains('#'), "{defined_query}");
        let reopened = open(&defined_query);
        assert!(reopened.notices.is_empty() && reopened.lab.playground.error.is_none(), "{:?}", reopened.notices);
        assert_eq!(&*reopened.lab.playground.text, &*defined.playground.text);
        // Without `expect`, the formula is checked as the link's slider's attacks.
        let queen = from_query("?technique=formula&formula=o%20%26%20r&slider=queen");
        assert_eq!(queen.lab.playground.target.name(), "queen");
        // Without a formula either, the example the editor opens keeps its own target.
        let example = from_query("?technique=formula&slider=rook");
        assert_eq!(example.lab.playground.target, Lab::default().playground.target);
        assert_eq!(example.lab.playground.target.name(), "north");
        // `expect=` asks for the check; a link without it, or of a technique, does not.
        assert!(loaded.lab.check_when_read);
        assert!(!queen.lab.check_when_read);
        assert!(!from_query("?technique=sbamg&expect=north").lab.check_when_read);
        // A formula with an error opens with its error, and no steps of another formula.
        let broken = open("?technique=formula&formula=o%20%2B");
        assert!(broken.lab.playground.error.is_some() && trace(&broken.lab).steps.is_empty());
    }

    fn apply_formula(text: &str, target: &str) -> Lab {
        let mut lab = Lab::default();
        lab.setup.formula_open = true;
        lab.playground = crate::model::Playground::typed(text, target.parse().unwrap());
        lab
    }

    #[test]
    fn a_query_round_trips() {
        let mut lab = Lab::default();
        lab.setup = Setup {
            technique: Technique::Sbamg,
            slider: Slider::Queen,
            square: Square::G2,
            occupied: Bitboard(0x1234),
            ..Setup::default()
        };
        lab.player = Player { step: 7, speed: 4, ..Player::default() };
        lab.preferences = Preferences { theme: Theme::Dark, presenting: true, ..Preferences::default() };
        assert!(query_of(&lab).ends_with("&present=1"));
        assert!(!embed_query_of(&lab, Embed::default()).contains("present"));
        let loaded = from_query(&query_of(&lab));
        assert!(loaded.notices.is_empty(), "{:?}", loaded.notices);
        assert_eq!(loaded.lab, lab);
        assert!(query_of(&lab).starts_with("?v=2&"));
        assert!(query_of(&lab).contains("&step=8&"), "step 8 of the screen is step=8: {}", query_of(&lab));
    }

    #[test]
    fn version_2_counts_steps_from_1_and_version_1_links_keep_counting_from_0() {
        let board = "technique=subtraction&slider=rook&square=d2&occupied=0x4ced22000146f848";
        assert_eq!(open(&format!("?v=2&{board}&step=4")).lab.player.step, 3, "step 4 on the screen");
        assert_eq!(open(&format!("?v=1&{board}&step=4")).lab.player.step, 4);
        assert_eq!(open(&format!("?{board}&step=4")).lab.player.step, 4, "no v: version 1");
        let zero = open(&format!("?v=2&{board}&step=0"));
        assert_eq!(zero.lab.player.step, 0);
        assert!(zero.notices[0].message.contains("steps count 1 to 13 in this link"), "{:?}", zero.notices);
        let past = open(&format!("?v=2&{board}&step=14"));
        assert_eq!(past.lab.player.step, 12);
        assert!(past.notices[0].message.contains("(1 to 13 in this link)"), "{:?}", past.notices);
        assert_eq!(open(&format!("?v=2&{board}&step=13")).notices.len(), 0);
    }

    #[test]
    fn several_sliders_travel_in_the_link() {
        let mut lab = Lab::default();
        lab.setup =
            Setup { technique: Technique::KoggeStone, others: Square::F6.bit() | Square::H1.bit(), ..Setup::default() };
        let query = query_of(&lab);
        assert!(query.contains("square=h1%2Cd4%2Cf6") || query.contains("square=h1,d4,f6"), "{query}");
        let loaded = from_query(&query);
        assert!(loaded.notices.is_empty(), "{:?}", loaded.notices);
        assert_eq!(
            (loaded.lab.setup.square, loaded.lab.setup.others),
            (Square::H1, Square::D4.bit() | Square::F6.bit())
        );
        let one = from_query("?v=1&technique=magic&slider=rook&square=d4,f6&occupied=0x0");
        assert_eq!((one.lab.setup.square, one.lab.setup.others), (Square::D4, Bitboard::EMPTY));
        let notice = &one.notices[0].message;
        assert!(
            notice.contains("magic takes one slider, and 2 were given (d4 and f6)")
                && notice.contains("showing d4 alone"),
            "{notice}"
        );
    }

    #[test]
    fn each_bad_parameter_is_named_and_defaulted() {
        let loaded = open(
            "?v=9&technique=black-magic&square=z9&slider=rook&occupied=0x1ffffffffffffffff&step=999&speed=11&theme=pink&embed=maybe",
        );
        let named: Vec<&str> = loaded.notices.iter().map(|n| n.parameter).collect();
        assert_eq!(named, ["v", "technique", "square", "occupied", "speed", "theme", "embed", "step"]);
        let defaults = Lab::default();
        assert_eq!(
            (
                loaded.lab.setup.technique,
                loaded.lab.setup.square,
                loaded.lab.setup.occupied,
                loaded.lab.player.step,
                loaded.lab.player.speed
            ),
            (
                defaults.setup.technique,
                defaults.setup.square,
                defaults.setup.occupied,
                trace(&defaults).steps.len() - 1,
                defaults.player.speed
            )
        );
        assert!(loaded.notices[7].message.contains("last step"), "step=999 shows the last step");
        assert_eq!(loaded.lab.setup.slider, Slider::Rook, "the good parameters still apply");
        assert!(loaded.notices[2].message.contains("z9"));
        let technique = &loaded.notices[1].message;
        assert!(technique.contains("black-magic") && technique.contains("Technique menu"), "{technique}");
        assert!(!technique.contains('`'), "no command-line syntax on the page: {technique}");
    }

    #[test]
    fn links_without_a_version_still_work() {
        let loaded = from_query("?technique=sbamg&slider=rook&square=d1&occupied=0x43");
        assert!(loaded.notices.is_empty());
        assert_eq!(loaded.lab.setup.occupied, Bitboard(0x43));
    }

    #[test]
    fn embed_options() {
        let lab = Lab::default();
        let embed = Embed { enabled: true, controls: false, code: false, autoplay: false };
        let loaded = open(&embed_query_of(&lab, embed));
        assert_eq!(loaded.embed, embed);
        assert!(loaded.lab.player.self_play.when_seen, "without controls the steps play by themselves");
        assert!(!loaded.lab.player.running, "from when the reader sees them");
        assert_eq!(loaded.lab.player.self_play.loop_from, Some(0), "looping back to the author's step");
        let at_step_5 = open("?embed=1&controls=0&step=5");
        assert_eq!(at_step_5.lab.player.self_play.loop_from, Some(5));
        let with_controls = open("?embed=1&autoplay=1");
        assert!(with_controls.lab.player.self_play.when_seen && with_controls.lab.player.self_play.loop_from.is_none());
        assert!(!open("?embed=1").lab.player.self_play.when_seen);
        let page = open("?autoplay=1").lab;
        assert!(page.player.running && page.player.autoplay, "the full page plays at once");
    }

    #[test]
    fn values_are_percent_decoded_and_unknown_keys_ignored() {
        let loaded = from_query("?utm_source=article&square=d%34&technique=sbamg&technique=subtraction");
        assert!(loaded.notices.is_empty(), "{:?}", loaded.notices);
        assert_eq!(loaded.lab.setup.square, Square::D4);
        assert_eq!(loaded.lab.setup.technique, Technique::Subtraction, "a repeated key keeps its last value");
        let bad = from_query("?square=%zz");
        assert_eq!(bad.notices.len(), 1);
        assert!(bad.notices[0].message.contains("%zz"), "{}", bad.notices[0].message);
    }

    #[test]
    fn a_huge_value_is_clipped_in_its_notice() {
        let loaded = from_query(&format!("?technique={}", "x".repeat(10_000)));
        assert!(loaded.notices[0].message.len() < 160, "{}", loaded.notices[0].message);
    }

    #[test]
    fn an_empty_query_is_the_default() {
        assert_eq!(
            from_query(""),
            Loaded { lab: Lab::default(), embed: Embed::default(), notices: vec![], asked_step: None }
        );
    }
}
