//! The page's state and every change to it, kept apart from the view so it can be tested natively.

use std::rc::Rc;

use sliders::{Bitboard, Slider, Square, Technique};
use yew::Reducible;

/// What a click on the board does.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Tool {
    /// Toggle occupancy; dragging paints with the first square's new state.
    Occupancy,
    /// Put the slider on the clicked square.
    PlaceSlider,
}

/// Everything the page shows is derived from this.
#[derive(Clone, PartialEq, Debug)]
pub struct Lab {
    pub technique: Technique,
    pub slider: Slider,
    pub square: Square,
    pub occupied: Bitboard,
    pub tool: Tool,
    /// Set while a drag paints: the occupancy every touched square gets.
    pub painting: Option<bool>,
    /// A problem with the last input, shown until the next successful edit.
    pub message: Option<String>,
}

impl Default for Lab {
    fn default() -> Lab {
        Lab {
            technique: Technique::ObstructionDifference,
            slider: Slider::Rook,
            square: Square::D4,
            occupied: Bitboard(0x0000_0800_0040_0000 | 0x0000_0000_0800_0000),
            tool: Tool::Occupancy,
            painting: None,
            message: None,
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// Pointer went down on a square: toggle it or place the slider, and start a paint stroke.
    Press(Square),
    /// Pointer moved onto a square while pressed: paint it with the stroke's state.
    Drag(Square),
    /// Pointer released anywhere.
    Release,
    /// Keyboard or single-click activation without painting.
    Activate(Square),
    SetTool(Tool),
    SetSlider(Slider),
    SetTechnique(Technique),
    SetOccupied(Bitboard),
    /// The user typed something that could not be read; the board keeps its state.
    Reject(String),
    DismissMessage,
}

impl Lab {
    /// The attack set the page reports, by the selected technique.
    pub fn attacks(&self) -> Bitboard {
        self.technique.attacks(self.slider, self.square, self.occupied)
    }

    fn edited(mut self, occupied: Bitboard) -> Lab {
        self.occupied = occupied;
        self.message = None;
        self
    }
}

impl Reducible for Lab {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let lab = (*self).clone();
        let next = match action {
            Action::Press(square) => match lab.tool {
                Tool::Occupancy => {
                    let occupy = !lab.occupied.contains(square);
                    let mut next = lab.edited(set(self.occupied, square, occupy));
                    next.painting = Some(occupy);
                    next
                }
                Tool::PlaceSlider => Lab { square, message: None, ..lab },
            },
            Action::Drag(square) => match lab.painting {
                Some(occupy) if lab.occupied.contains(square) != occupy => {
                    let painting = lab.painting;
                    Lab { painting, ..lab.edited(set(self.occupied, square, occupy)) }
                }
                _ => return self,
            },
            Action::Release if lab.painting.is_some() => Lab { painting: None, ..lab },
            Action::Release => return self,
            Action::Activate(square) => match lab.tool {
                Tool::Occupancy => lab.edited(self.occupied.toggled(square)),
                Tool::PlaceSlider => Lab { square, message: None, ..lab },
            },
            Action::SetTool(tool) => Lab { tool, ..lab },
            Action::SetSlider(slider) => Lab { slider, ..lab },
            Action::SetTechnique(technique) => Lab { technique, ..lab },
            Action::SetOccupied(occupied) => lab.edited(occupied),
            Action::Reject(message) => Lab { message: Some(message), ..lab },
            Action::DismissMessage => Lab { message: None, ..lab },
        };
        if next == *self {
            self
        } else {
            Rc::new(next)
        }
    }
}

fn set(board: Bitboard, square: Square, occupied: bool) -> Bitboard {
    if occupied {
        board.with(square)
    } else {
        board.without(square)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn apply(lab: Lab, actions: &[Action]) -> Lab {
        let mut state = Rc::new(lab);
        for action in actions {
            state = state.reduce(action.clone());
        }
        (*state).clone()
    }

    #[test]
    fn a_drag_paints_with_the_first_squares_new_state() {
        let start = Lab { occupied: Square::C3.bit(), ..Lab::default() };
        let lab = apply(
            start,
            &[Action::Press(Square::A1), Action::Drag(Square::B1), Action::Drag(Square::C3), Action::Release],
        );
        assert!(
            lab.occupied.contains(Square::A1) && lab.occupied.contains(Square::B1) && lab.occupied.contains(Square::C3)
        );
        let lab = apply(
            lab,
            &[Action::Press(Square::A1), Action::Drag(Square::B1), Action::Release, Action::Drag(Square::C3)],
        );
        assert!(!lab.occupied.contains(Square::A1) && !lab.occupied.contains(Square::B1));
        assert!(lab.occupied.contains(Square::C3), "a drag after release paints nothing");
    }

    #[test]
    fn placing_the_slider_keeps_the_occupancy() {
        let lab = apply(Lab::default(), &[Action::SetTool(Tool::PlaceSlider), Action::Press(Square::G2)]);
        assert_eq!(lab.square, Square::G2);
        assert_eq!(lab.occupied, Lab::default().occupied);
    }

    #[test]
    fn a_rejected_input_keeps_the_board() {
        let lab = apply(Lab::default(), &[Action::Reject("bad hex".into())]);
        assert_eq!(lab.occupied, Lab::default().occupied);
        assert_eq!(lab.message.as_deref(), Some("bad hex"));
        let lab = apply(lab, &[Action::Activate(Square::A1)]);
        assert_eq!(lab.message, None, "a good edit clears the message");
    }
}
