//! The page's state in the URL query, so a link reproduces what the reader sees.
//! A parameter that cannot be read falls back to its default and is reported by name.

use serde::{Deserialize, Serialize};
use sliders::{Bitboard, Slider, Square, Technique};

use crate::model::Lab;

/// The query as written; every field optional so one bad field never spoils the others.
#[derive(Serialize, Deserialize, Default, Debug, PartialEq)]
struct Query {
    technique: Option<String>,
    slider: Option<String>,
    square: Option<String>,
    occupied: Option<String>,
}

/// The state a query describes, and one message per parameter it had to ignore.
pub fn lab_from_query(query: &str) -> (Lab, Vec<String>) {
    let query = query.strip_prefix('?').unwrap_or(query);
    let mut lab = Lab::default();
    let mut problems = Vec::new();
    let fields: Query = match serde_urlencoded::from_str(query) {
        Ok(fields) => fields,
        Err(error) => {
            problems.push(format!("the address's query could not be read ({error})"));
            return (lab, problems);
        }
    };
    let mut read = |name: &str, value: Option<String>, apply: &mut dyn FnMut(&str) -> Result<(), String>| {
        if let Some(value) = value {
            if let Err(why) = apply(&value) {
                problems.push(format!("ignored {name}={value:?}: {why}"));
            }
        }
    };
    read("technique", fields.technique, &mut |v| {
        lab.technique = v.parse::<Technique>().map_err(|e| e.to_string())?;
        Ok(())
    });
    read("slider", fields.slider, &mut |v| {
        lab.slider = v.parse::<Slider>().map_err(|e| e.to_string())?;
        Ok(())
    });
    read("square", fields.square, &mut |v| {
        lab.square = v.parse::<Square>().map_err(|e| e.to_string())?;
        Ok(())
    });
    read("occupied", fields.occupied, &mut |v| {
        if !v.starts_with("0x") {
            return Err("occupied is 0x and up to 16 hex digits".into());
        }
        lab.occupied = v.parse::<Bitboard>().map_err(|e| e.to_string())?;
        Ok(())
    });
    (lab, problems)
}

/// The query that reproduces `lab`, starting with `?`.
pub fn query_of(lab: &Lab) -> String {
    let query = Query {
        technique: Some(lab.technique.name().into()),
        slider: Some(lab.slider.name().into()),
        square: Some(lab.square.name().into()),
        occupied: Some(lab.occupied.to_string()),
    };
    format!("?{}", serde_urlencoded::to_string(query).unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_query_round_trips() {
        let lab = Lab {
            technique: Technique::Sbamg,
            slider: Slider::Queen,
            square: Square::G2,
            occupied: Bitboard(0x1234),
            ..Lab::default()
        };
        let (back, problems) = lab_from_query(&query_of(&lab));
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(back, lab);
    }

    #[test]
    fn each_bad_parameter_is_named_and_defaulted() {
        let (lab, problems) = lab_from_query("?technique=magic&square=z9&slider=rook&occupied=0x1ffffffffffffffff");
        assert_eq!(lab.technique, Lab::default().technique);
        assert_eq!(lab.square, Lab::default().square);
        assert_eq!(lab.occupied, Lab::default().occupied);
        assert_eq!(problems.len(), 3, "{problems:?}");
        assert!(
            problems[0].contains("technique") && problems[1].contains("square") && problems[2].contains("occupied")
        );
    }

    #[test]
    fn an_empty_query_is_the_default() {
        assert_eq!(lab_from_query(""), (Lab::default(), vec![]));
    }
}
