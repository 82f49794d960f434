//! The page's whole state in the URL query, versioned (`v=2`) so that links written today keep
//! working as the format grows. Version 2 counts `step` from 1, as the page does; version 1
//! (and a link without `v`) counted from 0, and its links keep that meaning. A parameter that cannot be read falls back to its default and
//! yields a notice naming it; the other parameters still apply.

use sliders::{Bitboard, Slider, Square, Technique};

use crate::input::clip;
use crate::model::{Lab, Theme, SPEEDS_MS};

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
    /// The reader's formula (with `technique=formula`) and what its check expects.
    formula: Option<String>,
    expect: Option<String>,
}

impl Query {
    /// The parameters in the order links write them; each name is the query key.
    fn fields(&mut self) -> [(&'static str, &mut Option<String>); 15] {
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
            ("formula", &mut self.formula),
            ("expect", &mut self.expect),
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
}

fn flag(value: &str) -> Result<bool, String> {
    match value {
        "1" | "true" => Ok(true),
        "0" | "false" => Ok(false),
        _ => Err("use 1 or 0".into()),
    }
}

/// Reads a query (with or without its leading `?`).
pub fn from_query(query: &str) -> Loaded {
    let query = query.strip_prefix('?').unwrap_or(query);
    let mut lab = Lab::default();
    let mut embed = Embed::default();
    let mut notices = Vec::new();
    let fields = Query::parse(query);
    let has_expect = fields.expect.is_some();
    let mut read =
        |parameter: &'static str, value: Option<String>, apply: &mut dyn FnMut(&str) -> Result<(), String>| {
            if let Some(value) = value {
                if let Err(why) = apply(&value) {
                    notices.push(Notice {
                        parameter,
                        message: format!("ignored {parameter}=\"{}\": {why}; using the default", clip(&value)),
                    });
                }
            }
        };
    let mut version = 1;
    read("v", fields.v, &mut |v| match v.parse::<u32>() {
        Ok(read @ (1 | VERSION)) => {
            version = read;
            Ok(())
        }
        _ => Err(format!("this page reads version 1 and {VERSION} links")),
    });
    read("technique", fields.technique, &mut |v| {
        if v == "formula" {
            lab.formula_open = true;
            return Ok(());
        }
        // The core's error names the command-line tool's list; the page has its own menu.
        lab.technique =
            v.parse::<Technique>().map_err(|_| "no technique has that name; the Technique menu lists them all")?;
        Ok(())
    });
    read("formula", fields.formula, &mut |v| {
        let length = v.chars().count();
        if length > sliders_formula::MAX_LENGTH {
            return Err(format!(
                "the formula is {length} characters long, and a link may carry {} at most",
                sliders_formula::MAX_LENGTH
            ));
        }
        // A formula with an error still opens, in the editor, with its error beside it.
        lab.playground = crate::model::Playground::typed(v, lab.playground.target);
        Ok(())
    });
    read("expect", fields.expect, &mut |v| {
        let target = v.parse::<sliders_formula::Target>().map_err(|e| e.to_string())?;
        lab.playground.target = target;
        lab.slider = target.slider();
        Ok(())
    });
    read("slider", fields.slider, &mut |v| {
        lab.slider = v.parse::<Slider>().map_err(|e| e.to_string())?;
        Ok(())
    });
    let mut one_slider_only = None;
    read("square", fields.square, &mut |v| {
        let squares = sliders::parse_squares(v).map_err(|e| e.to_string())?;
        // Running the technique below fills its table, if it has one: timed, as the page says.
        crate::attack_tables::ensure(lab.technique);
        let squares = match lab.technique.trace_many(lab.slider, squares, Bitboard::EMPTY) {
            _ if lab.formula_open => squares,
            Ok(_) => squares,
            Err(problem) => {
                // Keep the first slider, and say so: the rest of the link still applies.
                one_slider_only = Some(problem);
                squares.squares().next().map(Square::bit).unwrap_or(squares)
            }
        };
        lab.others = squares.without(squares.squares().next().unwrap_or(lab.square));
        lab.square = squares.squares().next().unwrap_or(lab.square);
        Ok(())
    });
    read("occupied", fields.occupied, &mut |v| {
        if !v.starts_with("0x") {
            return Err("occupied is 0x and up to 16 hex digits".into());
        }
        lab.occupied = v.parse::<Bitboard>().map_err(|e| e.to_string())?;
        Ok(())
    });
    read("speed", fields.speed, &mut |v| match v.parse::<usize>() {
        Ok(speed) if speed < SPEEDS_MS.len() => {
            lab.speed = speed;
            Ok(())
        }
        _ => Err(format!("speed is 0 (slowest) to {}", SPEEDS_MS.len() - 1)),
    });
    read("theme", fields.theme, &mut |v| {
        lab.theme = Theme::from_name(v).ok_or("theme is auto, light or dark")?;
        Ok(())
    });
    read("embed", fields.embed, &mut |v| {
        embed.enabled = flag(v)?;
        Ok(())
    });
    read("controls", fields.controls, &mut |v| {
        embed.controls = flag(v)?;
        Ok(())
    });
    read("code", fields.code, &mut |v| {
        embed.code = flag(v)?;
        Ok(())
    });
    read("autoplay", fields.autoplay, &mut |v| {
        embed.autoplay = flag(v)?;
        Ok(())
    });
    read("present", fields.present, &mut |v| {
        lab.presenting = flag(v)?;
        Ok(())
    });
    // A formula without `expect` is checked as the link's slider's attacks; with it, the link
    // asks for the check, which starts once the formula reads.
    if lab.formula_open && !has_expect {
        lab.playground.target = sliders_formula::Target::Piece(lab.slider);
    }
    lab.check_when_read = lab.formula_open && has_expect;
    // `read` holds the notices until here.
    if let Some(problem) = one_slider_only {
        notices.push(Notice { parameter: "square", message: format!("{problem}: showing {} alone", lab.square) });
    }
    // The step depends on the trace, so it is read last, once the rest is known.
    // At least one: a link's formula that does not parse has no steps yet.
    // A link's formula that waits for the language (formula.wasm) keeps the link's step, and
    // the player settles on it once the steps are known.
    let steps = if lab.formula_open && lab.playground.unread() {
        sliders_formula::MAX_STEPS
    } else {
        lab.trace().steps.len().max(1)
    };
    // A step past the end shows the last one, as an edit that shortens the trace does.
    // Version 2 counts steps from 1, as the page shows them; version 1 counted from 0.
    let first = if version >= 2 { 1 } else { 0 };
    let range = format!("{first} to {} in this link", steps - 1 + first);
    if let Some(value) = fields.step {
        match value.parse::<usize>().map(|number| number.checked_sub(first)) {
            Ok(Some(step)) if step < steps => lab.step = step,
            Ok(Some(_)) => {
                lab.step = steps - 1;
                notices.push(Notice {
                    parameter: "step",
                    message: format!(
                        "step={} is past the end of this trace ({range}): showing its last step, step {steps} of {steps}",
                        clip(&value),
                    ),
                });
            }
            _ => notices.push(Notice {
                parameter: "step",
                message: format!(
                    "ignored step=\"{}\": steps count {range}; showing its first step, step 1 of {steps}",
                    clip(&value),
                ),
            }),
        }
    }
    // Without buttons, an embedded player has to play by itself: from when the reader first
    // sees it, looping back to the author's step; autoplay=1 also starts it when seen.
    let plays_by_itself = embed.enabled && !embed.controls;
    lab.play_when_seen = embed.enabled && (embed.autoplay || plays_by_itself);
    lab.loop_from = plays_by_itself.then_some(lab.step);
    // The full page is in view as soon as it opens.
    if embed.autoplay && !embed.enabled {
        lab.autoplay = true;
        lab.running = true;
        lab.frame = 0;
    }
    Loaded { lab, embed, notices }
}

fn write(lab: &Lab, embed: Option<Embed>) -> String {
    let flag = |on: bool| Some(if on { "1" } else { "0" }.to_string());
    let mut query = Query {
        v: Some(VERSION.to_string()),
        technique: Some(if lab.formula_open { "formula" } else { lab.technique.name() }.into()),
        formula: lab.formula_open.then(|| lab.playground.text.to_string()),
        expect: lab.formula_open.then(|| lab.playground.target.name().into()),
        slider: Some(lab.slider.name().into()),
        square: Some(lab.sliders().squares().map(Square::name).collect::<Vec<_>>().join(",")),
        occupied: Some(lab.occupied.to_string()),
        step: Some((lab.step + 1).to_string()),
        speed: Some(lab.speed.to_string()),
        theme: (lab.theme != Theme::Auto).then(|| lab.theme.name().into()),
        present: lab.presenting.then(|| "1".into()),
        ..Query::default()
    };
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

    #[test]
    fn a_formula_and_its_target_round_trip_and_an_overlong_one_is_refused() {
        let lab = apply_formula("m = file(sq)\nreturn (o ^ (o - 2 * r)) & m // north", "north");
        let query = query_of(&lab);
        assert!(query.contains("technique=formula") && query.contains("expect=north"), "{query}");
        let loaded = from_query(&query);
        assert!(loaded.notices.is_empty(), "{:?}", loaded.notices);
        assert!(loaded.lab.formula_open);
        assert_eq!(&*loaded.lab.playground.text, &*lab.playground.text);
        assert_eq!(loaded.lab.playground.target.name(), "north");
        assert_eq!(loaded.lab.trace(), lab.trace());
        let long = "o".repeat(sliders_formula::MAX_LENGTH + 1);
        let refused = from_query(&format!("?technique=formula&formula={long}&square=e4"));
        assert_eq!(refused.notices.len(), 1);
        assert!(refused.notices[0].message.contains("4001 characters long"), "{:?}", refused.notices);
        assert_eq!(refused.lab.square, Square::E4, "the rest of the link applies");
        // Without `expect`, the formula is checked as the link's slider's attacks.
        let queen = from_query("?technique=formula&formula=o%20%26%20r&slider=queen");
        assert_eq!(queen.lab.playground.target.name(), "queen");
        // `expect=` asks for the check; a link without it, or of a technique, does not.
        assert!(loaded.lab.check_when_read);
        assert!(!queen.lab.check_when_read);
        assert!(!from_query("?technique=sbamg&expect=north").lab.check_when_read);
        // A formula with an error opens with its error, and no steps of another formula.
        let broken = from_query("?technique=formula&formula=o%20%2B");
        assert!(broken.lab.playground.error.is_some() && broken.lab.trace().steps.is_empty());
    }

    fn apply_formula(text: &str, target: &str) -> Lab {
        let mut lab = Lab { formula_open: true, ..Lab::default() };
        lab.playground = crate::model::Playground::typed(text, target.parse().unwrap());
        lab
    }

    #[test]
    fn a_query_round_trips() {
        let lab = Lab {
            technique: Technique::Sbamg,
            slider: Slider::Queen,
            square: Square::G2,
            occupied: Bitboard(0x1234),
            step: 7,
            speed: 4,
            theme: Theme::Dark,
            presenting: true,
            ..Lab::default()
        };
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
        assert_eq!(from_query(&format!("?v=2&{board}&step=4")).lab.step, 3, "step 4 on the screen");
        assert_eq!(from_query(&format!("?v=1&{board}&step=4")).lab.step, 4);
        assert_eq!(from_query(&format!("?{board}&step=4")).lab.step, 4, "no v: version 1");
        let zero = from_query(&format!("?v=2&{board}&step=0"));
        assert_eq!(zero.lab.step, 0);
        assert!(zero.notices[0].message.contains("steps count 1 to 13 in this link"), "{:?}", zero.notices);
        let past = from_query(&format!("?v=2&{board}&step=14"));
        assert_eq!(past.lab.step, 12);
        assert!(past.notices[0].message.contains("(1 to 13 in this link)"), "{:?}", past.notices);
        assert_eq!(from_query(&format!("?v=2&{board}&step=13")).notices.len(), 0);
    }

    #[test]
    fn several_sliders_travel_in_the_link() {
        let lab =
            Lab { technique: Technique::KoggeStone, others: Square::F6.bit() | Square::H1.bit(), ..Lab::default() };
        let query = query_of(&lab);
        assert!(query.contains("square=h1%2Cd4%2Cf6") || query.contains("square=h1,d4,f6"), "{query}");
        let loaded = from_query(&query);
        assert!(loaded.notices.is_empty(), "{:?}", loaded.notices);
        assert_eq!((loaded.lab.square, loaded.lab.others), (Square::H1, Square::D4.bit() | Square::F6.bit()));
        let one = from_query("?v=1&technique=magic&slider=rook&square=d4,f6&occupied=0x0");
        assert_eq!((one.lab.square, one.lab.others), (Square::D4, Bitboard::EMPTY));
        let notice = &one.notices[0].message;
        assert!(
            notice.contains("magic takes one slider, and 2 were given (d4 and f6)")
                && notice.contains("showing d4 alone"),
            "{notice}"
        );
    }

    #[test]
    fn each_bad_parameter_is_named_and_defaulted() {
        let loaded = from_query(
            "?v=9&technique=black-magic&square=z9&slider=rook&occupied=0x1ffffffffffffffff&step=999&speed=11&theme=pink&embed=maybe",
        );
        let named: Vec<&str> = loaded.notices.iter().map(|n| n.parameter).collect();
        assert_eq!(named, ["v", "technique", "square", "occupied", "speed", "theme", "embed", "step"]);
        let defaults = Lab::default();
        assert_eq!(
            (loaded.lab.technique, loaded.lab.square, loaded.lab.occupied, loaded.lab.step, loaded.lab.speed),
            (defaults.technique, defaults.square, defaults.occupied, defaults.trace().steps.len() - 1, defaults.speed)
        );
        assert!(loaded.notices[7].message.contains("last step"), "step=999 shows the last step");
        assert_eq!(loaded.lab.slider, Slider::Rook, "the good parameters still apply");
        assert!(loaded.notices[2].message.contains("z9"));
        let technique = &loaded.notices[1].message;
        assert!(technique.contains("black-magic") && technique.contains("Technique menu"), "{technique}");
        assert!(!technique.contains('`'), "no command-line syntax on the page: {technique}");
    }

    #[test]
    fn links_without_a_version_still_work() {
        let loaded = from_query("?technique=sbamg&slider=rook&square=d1&occupied=0x43");
        assert!(loaded.notices.is_empty());
        assert_eq!(loaded.lab.occupied, Bitboard(0x43));
    }

    #[test]
    fn embed_options() {
        let lab = Lab::default();
        let embed = Embed { enabled: true, controls: false, code: false, autoplay: false };
        let loaded = from_query(&embed_query_of(&lab, embed));
        assert_eq!(loaded.embed, embed);
        assert!(loaded.lab.play_when_seen, "without controls the steps play by themselves");
        assert!(!loaded.lab.running, "from when the reader sees them");
        assert_eq!(loaded.lab.loop_from, Some(0), "looping back to the author's step");
        let at_step_5 = from_query("?embed=1&controls=0&step=5");
        assert_eq!(at_step_5.lab.loop_from, Some(5));
        let with_controls = from_query("?embed=1&autoplay=1");
        assert!(with_controls.lab.play_when_seen && with_controls.lab.loop_from.is_none());
        assert!(!from_query("?embed=1").lab.play_when_seen);
        let page = from_query("?autoplay=1").lab;
        assert!(page.running && page.autoplay, "the full page plays at once");
    }

    #[test]
    fn values_are_percent_decoded_and_unknown_keys_ignored() {
        let loaded = from_query("?utm_source=article&square=d%34&technique=sbamg&technique=subtraction");
        assert!(loaded.notices.is_empty(), "{:?}", loaded.notices);
        assert_eq!(loaded.lab.square, Square::D4);
        assert_eq!(loaded.lab.technique, Technique::Subtraction, "a repeated key keeps its last value");
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
        assert_eq!(from_query(""), Loaded { lab: Lab::default(), embed: Embed::default(), notices: vec![] });
    }
}
