//! What the board is set up with: the technique (or the reader's formula), the sliders, the
//! pieces, and what a click does.

use sliders::{Bitboard, Slider, Square, Technique};

/// What a click on the board does.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Tool {
    /// Toggle occupancy; dragging paints with the first square's new state.
    Occupancy,
    /// Put the slider on the clicked square.
    PlaceSlider,
}

/// The position and what runs on it.
#[derive(Clone, PartialEq, Debug)]
pub struct Setup {
    /// The built-in technique chosen last; the reader's formula shows instead while
    /// `formula_open` is set.
    pub technique: Technique,
    pub formula_open: bool,
    pub slider: Slider,
    /// The slider's square; with several sliders, the lowest.
    pub square: Square,
    /// The other sliders, only ever set for a technique that takes several.
    pub others: Bitboard,
    pub occupied: Bitboard,
    pub tool: Tool,
    /// Set while a drag paints: the occupancy every touched square gets.
    pub painting: Option<bool>,
    /// The seed of New board, which dealt the board: the address carries it while the board
    /// is still the one it dealt ([`Setup::seed`]).
    pub dealt: Option<u32>,
}

impl Default for Setup {
    fn default() -> Setup {
        Setup {
            // The technique whose traced code the first load carries.
            technique: crate::techniques::CARRIED,
            formula_open: false,
            slider: Slider::Rook,
            square: Square::D4,
            others: Bitboard::EMPTY,
            occupied: Bitboard(0x0000_0800_0040_0000 | 0x0000_0000_0800_0000),
            tool: Tool::Occupancy,
            painting: None,
            dealt: None,
        }
    }
}

impl Setup {
    /// Every slider's square.
    pub fn sliders(&self) -> Bitboard {
        self.square.bit() | self.others
    }

    /// Several sliders at once: the set-wise techniques and a formula (whose `r` is their union).
    pub fn takes_many_sliders(&self) -> bool {
        self.formula_open || self.technique.takes_many_sliders(self.slider)
    }

    /// The sliders as `square` (the lowest) and `others`; `None` for no slider at all.
    fn with_sliders(self, sliders: Bitboard) -> Option<Setup> {
        let square = sliders.squares().next()?;
        Some(Setup { square, others: sliders.without(square), ..self })
    }

    /// The slider tool on `square`: a technique that takes several sliders adds a slider there
    /// or takes one away (never the last); any other moves its one slider there. `None` when
    /// nothing changes.
    pub fn place_slider(self, square: Square) -> Option<Setup> {
        if !self.takes_many_sliders() {
            return Some(Setup { square, ..self });
        }
        let sliders = self.sliders();
        if sliders == square.bit() {
            return None;
        }
        self.with_sliders(sliders.toggled(square))
    }

    /// Chooses `technique`, closing the formula. A technique that takes one slider keeps the
    /// first, and says which others it removed.
    pub fn choose(&mut self, technique: Technique) -> Option<String> {
        self.formula_open = false;
        self.technique = technique;
        self.keep_one_slider()
    }

    /// Chooses the kind of slider: o^(o-2r) takes several rooks but one bishop or queen, and
    /// keeps the first, saying which others it removed.
    pub fn choose_slider(&mut self, slider: Slider) -> Option<String> {
        self.slider = slider;
        self.keep_one_slider()
    }

    /// The first slider alone, where the technique takes one of this kind: which were removed.
    fn keep_one_slider(&mut self) -> Option<String> {
        if self.others.is_empty() || self.takes_many_sliders() {
            return None;
        }
        let rooks = match self.slider == Slider::Rook || self.technique.takes_many_sliders(Slider::Rook) {
            true => ", and o^(o-2r) several rooks",
            false => "",
        };
        let message = format!(
            "{} takes one slider: kept the {} on {} and removed {}. Kogge-Stone and Dumb7Fill take several{rooks}.",
            self.technique.title(),
            self.slider,
            self.square,
            sliders_explain::narration::square_list(self.others)
        );
        self.others = Bitboard::EMPTY;
        Some(message)
    }

    /// What a link brings back: its position and technique; the tool in hand stays.
    pub fn restored(self, link: Setup) -> Setup {
        Setup { tool: self.tool, painting: self.painting, ..link }
    }

    /// The seed the board was dealt from, while it is still that board.
    pub fn seed(&self) -> Option<u32> {
        let seed = self.dealt?;
        let (square, occupied) = crate::model::deal(seed);
        (self.square == square && self.others.is_empty() && self.occupied == occupied).then_some(seed)
    }

    /// A lesson's technique, slider and board, in place of these; the tool in hand stays.
    pub fn with_lesson(self, lesson: &crate::model::Lesson) -> Setup {
        Setup {
            technique: lesson.technique,
            formula_open: false,
            slider: lesson.slider,
            square: lesson.sliders.squares().next().unwrap_or(self.square),
            others: lesson.sliders.squares().skip(1).fold(Bitboard::EMPTY, Bitboard::with),
            occupied: lesson.occupied,
            dealt: None,
            ..self
        }
    }

    /// `square` occupied or empty.
    pub fn set(&mut self, square: Square, occupied: bool) {
        self.occupied = if occupied { self.occupied.with(square) } else { self.occupied.without(square) };
    }
}
