//! How the reader likes the page: theme, square numbers, motion, the key list, presentation mode.

/// Light, dark, or whatever the reader's system prefers.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Theme {
    Auto,
    Light,
    Dark,
}

impl Theme {
    pub const ALL: [Theme; 3] = [Theme::Auto, Theme::Light, Theme::Dark];

    pub const fn name(self) -> &'static str {
        match self {
            Theme::Auto => "auto",
            Theme::Light => "light",
            Theme::Dark => "dark",
        }
    }

    pub fn from_name(name: &str) -> Option<Theme> {
        Theme::ALL.into_iter().find(|theme| theme.name() == name)
    }
}

#[derive(Clone, PartialEq, Debug)]
pub struct Preferences {
    pub theme: Theme,
    /// Draw each square's bit index (LERF) on the board.
    pub show_indices: bool,
    /// The `?` list of keys is open.
    pub show_keys: bool,
    /// The reader asked for reduced motion: every step appears finished at once.
    pub reduced_motion: bool,
    /// Presentation mode: only the board, the step, its narration and the code, scaled up for
    /// a projector (`present=1`, the P key).
    pub presenting: bool,
}

impl Default for Preferences {
    fn default() -> Preferences {
        Preferences {
            theme: Theme::Auto,
            show_indices: false,
            show_keys: false,
            reduced_motion: false,
            presenting: false,
        }
    }
}
