//! The Condottieri map as a picture: the 73 areas drawn as shapes from committed geometry, the
//! units, control, sieges, rebellions and markers on them, and its text alternative.

use crate::engine::condottieri::rules::View;
use crate::engine::condottieri::Power;
use crate::present::{Ctx, Html};

/// The board as an inline SVG that fits a 390 px phone (its width follows the page).
pub fn board_svg(view: &View, cx: &Ctx) -> Html {
    let _ = (view, cx);
    Html::default()
}

/// The text alternative of the board: every area with units, its units by power and type.
pub fn units_by_area(view: &View, cx: &Ctx) -> Html {
    let _ = (view, cx);
    Html::default()
}

/// A power's colour on the map and the pages.
pub fn power_colour(power: Power) -> &'static str {
    let _ = power;
    "#777777"
}
